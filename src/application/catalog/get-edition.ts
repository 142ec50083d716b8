import { inject, injectable } from 'inversify';
import type { Edition } from '../../domain/catalog/edition.js';
import { EditionNotFoundError } from '../../domain/catalog/errors.js';
import { EditionRepository } from './ports/edition-repository.js';

@injectable()
export class GetEdition {
  constructor(@inject(EditionRepository) private readonly editions: EditionRepository) {}

  async execute(id: number): Promise<Edition> {
    const edition = await this.editions.findById(id);
    if (!edition) throw new EditionNotFoundError(id);
    return edition;
  }
}
