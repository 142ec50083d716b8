/** The kinds of edition an export's binding, format or media column can name. */
export type ImportFormat = 'hardcover' | 'paperback' | 'ebook' | 'audiobook';
