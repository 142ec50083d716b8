// Book taxonomy: 9 Types, the Genres under each Type, and an ontology tree per (Type, Genre).
// See docs/taxonomy.md for how it was built and how to extend it.
//
// Part of this data is adapted from The Palace Project's genre tree (ThePalaceProject/circulation,
// src/palace/manager/core/classifier/__init__.py), Apache-2.0; see docs/licenses/palace-circulation-Apache-2.0.txt.
//
// KEYS ARE PERMANENT. The database seeder upserts by `key`, so a key, once released:
//   - is never renamed, renumbered, moved to another parent or reused for a different category;
//   - may have its `name` corrected (names are display text; keys are identity);
//   - is retired by leaving it in place, never by deleting it and later reusing the slug.
// New categories are added by appending new keys. Keys are lowercase slugs built as paths: every key
// is its parent's key + '/' + a slug of the name it was created with ('&' becomes 'and').

export interface TaxonomyNode { key: string; name: string; children?: TaxonomyNode[] }
export interface TaxonomyGenre { key: string; name: string; ontology: TaxonomyNode[] }
export interface TaxonomyType { key: string; name: string; genres: TaxonomyGenre[] }

export const TAXONOMY: TaxonomyType[] = [
  {
    key: "fiction",
    name: "Fiction",
    genres: [
      {
        key: "fiction/literary-fiction",
        name: "Literary Fiction",
        ontology: [
          { key: "fiction/literary-fiction/contemporary-literary-fiction", name: "Contemporary Literary Fiction" },
          { key: "fiction/literary-fiction/autofiction", name: "Autofiction" },
          { key: "fiction/literary-fiction/experimental-fiction", name: "Experimental Fiction" },
          { key: "fiction/literary-fiction/magical-realism", name: "Magical Realism" },
          { key: "fiction/literary-fiction/family-sagas", name: "Family Sagas" },
          { key: "fiction/literary-fiction/coming-of-age-fiction", name: "Coming-of-Age Fiction" },
          { key: "fiction/literary-fiction/translated-fiction", name: "Translated Fiction", children: [
            { key: "fiction/literary-fiction/translated-fiction/european-fiction-in-translation", name: "European Fiction in Translation" },
            { key: "fiction/literary-fiction/translated-fiction/latin-american-fiction-in-translation", name: "Latin American Fiction in Translation" },
            { key: "fiction/literary-fiction/translated-fiction/asian-fiction-in-translation", name: "Asian Fiction in Translation" },
            { key: "fiction/literary-fiction/translated-fiction/african-fiction-in-translation", name: "African Fiction in Translation" },
            { key: "fiction/literary-fiction/translated-fiction/middle-eastern-fiction-in-translation", name: "Middle Eastern Fiction in Translation" },
          ] },
        ],
      },
      {
        key: "fiction/classics",
        name: "Classics",
        ontology: [
          { key: "fiction/classics/ancient-and-medieval-classics", name: "Ancient & Medieval Classics" },
          { key: "fiction/classics/eighteenth-century-classics", name: "Eighteenth-Century Classics" },
          { key: "fiction/classics/nineteenth-century-classics", name: "Nineteenth-Century Classics", children: [
            { key: "fiction/classics/nineteenth-century-classics/victorian-novels", name: "Victorian Novels", children: [
              { key: "fiction/classics/nineteenth-century-classics/victorian-novels/sensation-novels", name: "Sensation Novels" },
              { key: "fiction/classics/nineteenth-century-classics/victorian-novels/industrial-novels", name: "Industrial Novels" },
            ] },
            { key: "fiction/classics/nineteenth-century-classics/russian-classics", name: "Russian Classics" },
          ] },
          { key: "fiction/classics/twentieth-century-classics", name: "Twentieth-Century Classics", children: [
            { key: "fiction/classics/twentieth-century-classics/modernist-fiction", name: "Modernist Fiction" },
            { key: "fiction/classics/twentieth-century-classics/post-war-fiction", name: "Post-War Fiction" },
          ] },
          { key: "fiction/classics/world-classics", name: "World Classics" },
        ],
      },
      {
        key: "fiction/fantasy",
        name: "Fantasy",
        ontology: [
          { key: "fiction/fantasy/epic-fantasy", name: "Epic Fantasy", children: [
            { key: "fiction/fantasy/epic-fantasy/sword-and-sorcery", name: "Sword & Sorcery" },
            { key: "fiction/fantasy/epic-fantasy/high-fantasy", name: "High Fantasy" },
            { key: "fiction/fantasy/epic-fantasy/quest-fantasy", name: "Quest Fantasy" },
          ] },
          { key: "fiction/fantasy/historical-fantasy", name: "Historical Fantasy", children: [
            { key: "fiction/fantasy/historical-fantasy/arthurian-fantasy", name: "Arthurian Fantasy" },
            { key: "fiction/fantasy/historical-fantasy/mythic-fantasy", name: "Mythic Fantasy" },
          ] },
          { key: "fiction/fantasy/urban-fantasy", name: "Urban Fantasy", children: [
            { key: "fiction/fantasy/urban-fantasy/paranormal-investigators", name: "Paranormal Investigators" },
            { key: "fiction/fantasy/urban-fantasy/fae-and-faerie", name: "Fae & Faerie" },
          ] },
          { key: "fiction/fantasy/dark-fantasy", name: "Dark Fantasy", children: [
            { key: "fiction/fantasy/dark-fantasy/grimdark", name: "Grimdark" },
            { key: "fiction/fantasy/dark-fantasy/gothic-fantasy", name: "Gothic Fantasy" },
          ] },
          { key: "fiction/fantasy/fairy-tale-retellings", name: "Fairy Tale Retellings" },
          { key: "fiction/fantasy/cozy-fantasy", name: "Cozy Fantasy" },
          { key: "fiction/fantasy/romantic-fantasy", name: "Romantic Fantasy", children: [
            { key: "fiction/fantasy/romantic-fantasy/romantasy", name: "Romantasy" },
            { key: "fiction/fantasy/romantic-fantasy/fantasy-of-manners", name: "Fantasy of Manners" },
          ] },
          { key: "fiction/fantasy/portal-fantasy", name: "Portal Fantasy" },
          { key: "fiction/fantasy/progression-fantasy", name: "Progression Fantasy", children: [
            { key: "fiction/fantasy/progression-fantasy/litrpg", name: "LitRPG" },
            { key: "fiction/fantasy/progression-fantasy/cultivation-fantasy", name: "Cultivation Fantasy" },
          ] },
          { key: "fiction/fantasy/dragons-and-mythical-creatures", name: "Dragons & Mythical Creatures" },
        ],
      },
      {
        key: "fiction/science-fiction",
        name: "Science Fiction",
        ontology: [
          { key: "fiction/science-fiction/space-opera", name: "Space Opera", children: [
            { key: "fiction/science-fiction/space-opera/military-space-opera", name: "Military Space Opera" },
            { key: "fiction/science-fiction/space-opera/galactic-empires", name: "Galactic Empires" },
          ] },
          { key: "fiction/science-fiction/military-science-fiction", name: "Military Science Fiction", children: [
            { key: "fiction/science-fiction/military-science-fiction/interstellar-war", name: "Interstellar War" },
            { key: "fiction/science-fiction/military-science-fiction/mecha", name: "Mecha" },
          ] },
          { key: "fiction/science-fiction/hard-science-fiction", name: "Hard Science Fiction", children: [
            { key: "fiction/science-fiction/hard-science-fiction/first-contact", name: "First Contact" },
            { key: "fiction/science-fiction/hard-science-fiction/generation-ships", name: "Generation Ships" },
            { key: "fiction/science-fiction/hard-science-fiction/near-future-science-fiction", name: "Near-Future Science Fiction" },
          ] },
          { key: "fiction/science-fiction/dystopian", name: "Dystopian", children: [
            { key: "fiction/science-fiction/dystopian/surveillance-states", name: "Surveillance States" },
            { key: "fiction/science-fiction/dystopian/totalitarian-regimes", name: "Totalitarian Regimes" },
          ] },
          { key: "fiction/science-fiction/post-apocalyptic", name: "Post-Apocalyptic", children: [
            { key: "fiction/science-fiction/post-apocalyptic/pandemic-fiction", name: "Pandemic Fiction" },
            { key: "fiction/science-fiction/post-apocalyptic/nuclear-aftermath", name: "Nuclear Aftermath" },
          ] },
          { key: "fiction/science-fiction/cyberpunk", name: "Cyberpunk", children: [
            { key: "fiction/science-fiction/cyberpunk/biopunk", name: "Biopunk" },
            { key: "fiction/science-fiction/cyberpunk/post-cyberpunk", name: "Post-Cyberpunk" },
          ] },
          { key: "fiction/science-fiction/steampunk", name: "Steampunk" },
          { key: "fiction/science-fiction/alternative-history", name: "Alternative History" },
          { key: "fiction/science-fiction/time-travel", name: "Time Travel" },
          { key: "fiction/science-fiction/climate-fiction", name: "Climate Fiction" },
          { key: "fiction/science-fiction/artificial-intelligence-and-robots", name: "Artificial Intelligence & Robots" },
          { key: "fiction/science-fiction/romantic-science-fiction", name: "Romantic Science Fiction" },
          { key: "fiction/science-fiction/media-tie-ins", name: "Media Tie-ins", children: [
            { key: "fiction/science-fiction/media-tie-ins/film-and-television-tie-ins", name: "Film & Television Tie-ins" },
            { key: "fiction/science-fiction/media-tie-ins/video-game-tie-ins", name: "Video Game Tie-ins" },
          ] },
        ],
      },
      {
        key: "fiction/mystery",
        name: "Mystery",
        ontology: [
          { key: "fiction/mystery/crime-and-detective-stories", name: "Crime & Detective Stories", children: [
            { key: "fiction/mystery/crime-and-detective-stories/private-investigators", name: "Private Investigators" },
            { key: "fiction/mystery/crime-and-detective-stories/amateur-sleuths", name: "Amateur Sleuths" },
            { key: "fiction/mystery/crime-and-detective-stories/locked-room-mysteries", name: "Locked-Room Mysteries" },
          ] },
          { key: "fiction/mystery/hard-boiled-mystery", name: "Hard-Boiled Mystery", children: [
            { key: "fiction/mystery/hard-boiled-mystery/noir", name: "Noir" },
            { key: "fiction/mystery/hard-boiled-mystery/neo-noir", name: "Neo-Noir" },
          ] },
          { key: "fiction/mystery/police-procedural", name: "Police Procedural", children: [
            { key: "fiction/mystery/police-procedural/forensic-procedurals", name: "Forensic Procedurals" },
            { key: "fiction/mystery/police-procedural/detective-inspector-series", name: "Detective Inspector Series" },
          ] },
          { key: "fiction/mystery/cozy-mystery", name: "Cozy Mystery", children: [
            { key: "fiction/mystery/cozy-mystery/culinary-cozies", name: "Culinary Cozies" },
            { key: "fiction/mystery/cozy-mystery/crafting-cozies", name: "Crafting Cozies" },
            { key: "fiction/mystery/cozy-mystery/animal-cozies", name: "Animal Cozies" },
            { key: "fiction/mystery/cozy-mystery/bookshop-and-library-cozies", name: "Bookshop & Library Cozies" },
          ] },
          { key: "fiction/mystery/historical-mystery", name: "Historical Mystery", children: [
            { key: "fiction/mystery/historical-mystery/ancient-world-mysteries", name: "Ancient World Mysteries" },
            { key: "fiction/mystery/historical-mystery/victorian-mysteries", name: "Victorian Mysteries" },
          ] },
          { key: "fiction/mystery/paranormal-mystery", name: "Paranormal Mystery" },
          { key: "fiction/mystery/women-detectives", name: "Women Detectives" },
          { key: "fiction/mystery/golden-age-mystery", name: "Golden Age Mystery" },
          { key: "fiction/mystery/international-crime", name: "International Crime", children: [
            { key: "fiction/mystery/international-crime/nordic-noir", name: "Nordic Noir", children: [
              { key: "fiction/mystery/international-crime/nordic-noir/swedish-crime-fiction", name: "Swedish Crime Fiction" },
              { key: "fiction/mystery/international-crime/nordic-noir/norwegian-crime-fiction", name: "Norwegian Crime Fiction" },
              { key: "fiction/mystery/international-crime/nordic-noir/icelandic-crime-fiction", name: "Icelandic Crime Fiction" },
              { key: "fiction/mystery/international-crime/nordic-noir/danish-crime-fiction", name: "Danish Crime Fiction" },
            ] },
            { key: "fiction/mystery/international-crime/tartan-noir", name: "Tartan Noir" },
            { key: "fiction/mystery/international-crime/japanese-crime-fiction", name: "Japanese Crime Fiction" },
          ] },
          { key: "fiction/mystery/heists-and-capers", name: "Heists & Capers" },
        ],
      },
      {
        key: "fiction/thrillers-and-suspense",
        name: "Thrillers & Suspense",
        ontology: [
          { key: "fiction/thrillers-and-suspense/espionage", name: "Espionage", children: [
            { key: "fiction/thrillers-and-suspense/espionage/cold-war-espionage", name: "Cold War Espionage" },
            { key: "fiction/thrillers-and-suspense/espionage/contemporary-spy-thrillers", name: "Contemporary Spy Thrillers" },
          ] },
          { key: "fiction/thrillers-and-suspense/psychological-thriller", name: "Psychological Thriller", children: [
            { key: "fiction/thrillers-and-suspense/psychological-thriller/domestic-thriller", name: "Domestic Thriller" },
            { key: "fiction/thrillers-and-suspense/psychological-thriller/stalker-thrillers", name: "Stalker Thrillers" },
          ] },
          { key: "fiction/thrillers-and-suspense/legal-thriller", name: "Legal Thriller" },
          { key: "fiction/thrillers-and-suspense/medical-thriller", name: "Medical Thriller" },
          { key: "fiction/thrillers-and-suspense/political-thriller", name: "Political Thriller", children: [
            { key: "fiction/thrillers-and-suspense/political-thriller/conspiracy-thrillers", name: "Conspiracy Thrillers" },
            { key: "fiction/thrillers-and-suspense/political-thriller/assassination-thrillers", name: "Assassination Thrillers" },
          ] },
          { key: "fiction/thrillers-and-suspense/technothriller", name: "Technothriller", children: [
            { key: "fiction/thrillers-and-suspense/technothriller/cyber-thrillers", name: "Cyber Thrillers" },
            { key: "fiction/thrillers-and-suspense/technothriller/bioterror-thrillers", name: "Bioterror Thrillers" },
          ] },
          { key: "fiction/thrillers-and-suspense/military-thriller", name: "Military Thriller" },
          { key: "fiction/thrillers-and-suspense/historical-thriller", name: "Historical Thriller" },
          { key: "fiction/thrillers-and-suspense/supernatural-thriller", name: "Supernatural Thriller" },
          { key: "fiction/thrillers-and-suspense/action-thrillers", name: "Action Thrillers" },
          { key: "fiction/thrillers-and-suspense/crime-thrillers", name: "Crime Thrillers", children: [
            { key: "fiction/thrillers-and-suspense/crime-thrillers/serial-killer-thrillers", name: "Serial Killer Thrillers" },
            { key: "fiction/thrillers-and-suspense/crime-thrillers/organised-crime-thrillers", name: "Organised Crime Thrillers" },
          ] },
        ],
      },
      {
        key: "fiction/horror",
        name: "Horror",
        ontology: [
          { key: "fiction/horror/gothic-horror", name: "Gothic Horror" },
          { key: "fiction/horror/ghost-stories", name: "Ghost Stories", children: [
            { key: "fiction/horror/ghost-stories/haunted-houses", name: "Haunted Houses" },
            { key: "fiction/horror/ghost-stories/classic-ghost-stories", name: "Classic Ghost Stories" },
          ] },
          { key: "fiction/horror/vampires", name: "Vampires" },
          { key: "fiction/horror/werewolves", name: "Werewolves" },
          { key: "fiction/horror/occult-horror", name: "Occult Horror", children: [
            { key: "fiction/horror/occult-horror/demonic-possession", name: "Demonic Possession" },
            { key: "fiction/horror/occult-horror/witchcraft", name: "Witchcraft" },
          ] },
          { key: "fiction/horror/cosmic-horror", name: "Cosmic Horror", children: [
            { key: "fiction/horror/cosmic-horror/lovecraftian-fiction", name: "Lovecraftian Fiction" },
          ] },
          { key: "fiction/horror/folk-horror", name: "Folk Horror" },
          { key: "fiction/horror/zombies", name: "Zombies" },
          { key: "fiction/horror/body-horror", name: "Body Horror" },
          { key: "fiction/horror/psychological-horror", name: "Psychological Horror" },
          { key: "fiction/horror/extreme-horror", name: "Extreme Horror" },
        ],
      },
      {
        key: "fiction/romance",
        name: "Romance",
        ontology: [
          { key: "fiction/romance/contemporary-romance", name: "Contemporary Romance", children: [
            { key: "fiction/romance/contemporary-romance/romantic-comedy", name: "Romantic Comedy" },
            { key: "fiction/romance/contemporary-romance/small-town-romance", name: "Small-Town Romance" },
            { key: "fiction/romance/contemporary-romance/sports-romance", name: "Sports Romance" },
            { key: "fiction/romance/contemporary-romance/holiday-romance", name: "Holiday Romance" },
          ] },
          { key: "fiction/romance/historical-romance", name: "Historical Romance", children: [
            { key: "fiction/romance/historical-romance/regency-romance", name: "Regency Romance" },
            { key: "fiction/romance/historical-romance/victorian-romance", name: "Victorian Romance" },
            { key: "fiction/romance/historical-romance/medieval-romance", name: "Medieval Romance" },
            { key: "fiction/romance/historical-romance/highlands-romance", name: "Highlands Romance" },
          ] },
          { key: "fiction/romance/paranormal-romance", name: "Paranormal Romance", children: [
            { key: "fiction/romance/paranormal-romance/vampire-romance", name: "Vampire Romance" },
            { key: "fiction/romance/paranormal-romance/shifter-romance", name: "Shifter Romance" },
          ] },
          { key: "fiction/romance/romantic-suspense", name: "Romantic Suspense" },
          { key: "fiction/romance/gothic-romance", name: "Gothic Romance" },
          { key: "fiction/romance/western-romance", name: "Western Romance" },
          { key: "fiction/romance/science-fiction-romance", name: "Science Fiction Romance" },
          { key: "fiction/romance/lgbtq-romance", name: "LGBTQ+ Romance", children: [
            { key: "fiction/romance/lgbtq-romance/gay-romance", name: "Gay Romance" },
            { key: "fiction/romance/lgbtq-romance/lesbian-romance", name: "Lesbian Romance" },
          ] },
          { key: "fiction/romance/inspirational-romance", name: "Inspirational Romance" },
          { key: "fiction/romance/erotic-romance", name: "Erotic Romance" },
        ],
      },
      {
        key: "fiction/historical-fiction",
        name: "Historical Fiction",
        ontology: [
          { key: "fiction/historical-fiction/ancient-world", name: "Ancient World", children: [
            { key: "fiction/historical-fiction/ancient-world/ancient-rome", name: "Ancient Rome" },
            { key: "fiction/historical-fiction/ancient-world/ancient-greece", name: "Ancient Greece" },
            { key: "fiction/historical-fiction/ancient-world/ancient-egypt", name: "Ancient Egypt" },
          ] },
          { key: "fiction/historical-fiction/medieval", name: "Medieval", children: [
            { key: "fiction/historical-fiction/medieval/vikings", name: "Vikings" },
            { key: "fiction/historical-fiction/medieval/medieval-britain", name: "Medieval Britain" },
          ] },
          { key: "fiction/historical-fiction/tudor-and-renaissance", name: "Tudor & Renaissance" },
          { key: "fiction/historical-fiction/napoleonic-era", name: "Napoleonic Era" },
          { key: "fiction/historical-fiction/victorian-and-edwardian", name: "Victorian & Edwardian" },
          { key: "fiction/historical-fiction/american-civil-war", name: "American Civil War" },
          { key: "fiction/historical-fiction/modern-era", name: "Modern Era", children: [
            { key: "fiction/historical-fiction/modern-era/world-war-i", name: "World War I" },
            { key: "fiction/historical-fiction/modern-era/world-war-ii", name: "World War II", children: [
              { key: "fiction/historical-fiction/modern-era/world-war-ii/home-front", name: "Home Front" },
              { key: "fiction/historical-fiction/modern-era/world-war-ii/resistance-and-occupation", name: "Resistance & Occupation" },
              { key: "fiction/historical-fiction/modern-era/world-war-ii/holocaust-fiction", name: "Holocaust Fiction" },
            ] },
          ] },
          { key: "fiction/historical-fiction/naval-and-maritime-fiction", name: "Naval & Maritime Fiction", children: [
            { key: "fiction/historical-fiction/naval-and-maritime-fiction/age-of-sail", name: "Age of Sail" },
            { key: "fiction/historical-fiction/naval-and-maritime-fiction/modern-naval-fiction", name: "Modern Naval Fiction" },
          ] },
          { key: "fiction/historical-fiction/biographical-fiction", name: "Biographical Fiction" },
          { key: "fiction/historical-fiction/historical-sagas", name: "Historical Sagas" },
        ],
      },
      {
        key: "fiction/adventure",
        name: "Adventure",
        ontology: [
          { key: "fiction/adventure/action-adventure", name: "Action Adventure" },
          { key: "fiction/adventure/sea-stories", name: "Sea Stories", children: [
            { key: "fiction/adventure/sea-stories/pirates", name: "Pirates" },
            { key: "fiction/adventure/sea-stories/shipwrecks-and-castaways", name: "Shipwrecks & Castaways" },
          ] },
          { key: "fiction/adventure/survival-stories", name: "Survival Stories" },
          { key: "fiction/adventure/treasure-hunts", name: "Treasure Hunts" },
          { key: "fiction/adventure/exploration-and-expeditions", name: "Exploration & Expeditions" },
          { key: "fiction/adventure/swashbucklers", name: "Swashbucklers" },
          { key: "fiction/adventure/lost-worlds", name: "Lost Worlds" },
        ],
      },
      {
        key: "fiction/westerns",
        name: "Westerns",
        ontology: [
          { key: "fiction/westerns/traditional-westerns", name: "Traditional Westerns" },
          { key: "fiction/westerns/frontier-and-pioneer-fiction", name: "Frontier & Pioneer Fiction" },
          { key: "fiction/westerns/lawmen-and-outlaws", name: "Lawmen & Outlaws" },
          { key: "fiction/westerns/cattle-drives-and-ranching", name: "Cattle Drives & Ranching" },
          { key: "fiction/westerns/contemporary-westerns", name: "Contemporary Westerns" },
          { key: "fiction/westerns/revisionist-westerns", name: "Revisionist Westerns" },
          { key: "fiction/westerns/weird-west", name: "Weird West" },
        ],
      },
      {
        key: "fiction/humorous-fiction",
        name: "Humorous Fiction",
        ontology: [
          { key: "fiction/humorous-fiction/satire", name: "Satire", children: [
            { key: "fiction/humorous-fiction/satire/political-satire", name: "Political Satire" },
            { key: "fiction/humorous-fiction/satire/social-satire", name: "Social Satire" },
          ] },
          { key: "fiction/humorous-fiction/parody", name: "Parody" },
          { key: "fiction/humorous-fiction/comic-novels", name: "Comic Novels" },
          { key: "fiction/humorous-fiction/black-comedy", name: "Black Comedy" },
          { key: "fiction/humorous-fiction/farce", name: "Farce" },
        ],
      },
      {
        key: "fiction/short-stories",
        name: "Short Stories",
        ontology: [
          { key: "fiction/short-stories/single-author-collections", name: "Single-Author Collections" },
          { key: "fiction/short-stories/anthologies", name: "Anthologies", children: [
            { key: "fiction/short-stories/anthologies/genre-anthologies", name: "Genre Anthologies", children: [
              { key: "fiction/short-stories/anthologies/genre-anthologies/science-fiction-anthologies", name: "Science Fiction Anthologies" },
              { key: "fiction/short-stories/anthologies/genre-anthologies/fantasy-anthologies", name: "Fantasy Anthologies" },
              { key: "fiction/short-stories/anthologies/genre-anthologies/horror-anthologies", name: "Horror Anthologies" },
              { key: "fiction/short-stories/anthologies/genre-anthologies/crime-anthologies", name: "Crime Anthologies" },
            ] },
            { key: "fiction/short-stories/anthologies/literary-anthologies", name: "Literary Anthologies" },
            { key: "fiction/short-stories/anthologies/years-best-collections", name: "Year's Best Collections" },
          ] },
          { key: "fiction/short-stories/flash-fiction", name: "Flash Fiction" },
          { key: "fiction/short-stories/novellas", name: "Novellas" },
        ],
      },
      {
        key: "fiction/womens-fiction",
        name: "Women's Fiction",
        ontology: [
          { key: "fiction/womens-fiction/domestic-fiction", name: "Domestic Fiction" },
          { key: "fiction/womens-fiction/friendship-fiction", name: "Friendship Fiction" },
          { key: "fiction/womens-fiction/book-club-fiction", name: "Book Club Fiction" },
          { key: "fiction/womens-fiction/family-drama", name: "Family Drama" },
          { key: "fiction/womens-fiction/uplit", name: "Uplit" },
        ],
      },
      {
        key: "fiction/religious-fiction",
        name: "Religious Fiction",
        ontology: [
          { key: "fiction/religious-fiction/christian-fiction", name: "Christian Fiction", children: [
            { key: "fiction/religious-fiction/christian-fiction/amish-fiction", name: "Amish Fiction" },
            { key: "fiction/religious-fiction/christian-fiction/biblical-fiction", name: "Biblical Fiction" },
            { key: "fiction/religious-fiction/christian-fiction/christian-suspense", name: "Christian Suspense" },
          ] },
          { key: "fiction/religious-fiction/jewish-fiction", name: "Jewish Fiction" },
          { key: "fiction/religious-fiction/islamic-fiction", name: "Islamic Fiction" },
          { key: "fiction/religious-fiction/visionary-and-metaphysical-fiction", name: "Visionary & Metaphysical Fiction" },
          { key: "fiction/religious-fiction/inspirational-fiction", name: "Inspirational Fiction" },
        ],
      },
      {
        key: "fiction/lgbtq-fiction",
        name: "LGBTQ+ Fiction",
        ontology: [
          { key: "fiction/lgbtq-fiction/gay-fiction", name: "Gay Fiction" },
          { key: "fiction/lgbtq-fiction/lesbian-fiction", name: "Lesbian Fiction" },
          { key: "fiction/lgbtq-fiction/bisexual-fiction", name: "Bisexual Fiction" },
          { key: "fiction/lgbtq-fiction/transgender-fiction", name: "Transgender Fiction" },
          { key: "fiction/lgbtq-fiction/queer-speculative-fiction", name: "Queer Speculative Fiction" },
        ],
      },
      {
        key: "fiction/urban-fiction",
        name: "Urban Fiction",
        ontology: [
          { key: "fiction/urban-fiction/street-lit", name: "Street Lit" },
          { key: "fiction/urban-fiction/hip-hop-fiction", name: "Hip-Hop Fiction" },
          { key: "fiction/urban-fiction/urban-crime", name: "Urban Crime" },
          { key: "fiction/urban-fiction/urban-romance", name: "Urban Romance" },
        ],
      },
      {
        key: "fiction/folklore",
        name: "Folklore",
        ontology: [
          { key: "fiction/folklore/fairy-tales", name: "Fairy Tales" },
          { key: "fiction/folklore/myths-retold", name: "Myths Retold", children: [
            { key: "fiction/folklore/myths-retold/greek-myths-retold", name: "Greek Myths Retold" },
            { key: "fiction/folklore/myths-retold/norse-myths-retold", name: "Norse Myths Retold" },
            { key: "fiction/folklore/myths-retold/celtic-myths-retold", name: "Celtic Myths Retold" },
          ] },
          { key: "fiction/folklore/legends", name: "Legends", children: [
            { key: "fiction/folklore/legends/arthurian-legends", name: "Arthurian Legends" },
            { key: "fiction/folklore/legends/robin-hood", name: "Robin Hood" },
          ] },
          { key: "fiction/folklore/folk-tales-by-region", name: "Folk Tales by Region", children: [
            { key: "fiction/folklore/folk-tales-by-region/european-folk-tales", name: "European Folk Tales" },
            { key: "fiction/folklore/folk-tales-by-region/african-folk-tales", name: "African Folk Tales" },
            { key: "fiction/folklore/folk-tales-by-region/asian-folk-tales", name: "Asian Folk Tales" },
            { key: "fiction/folklore/folk-tales-by-region/folk-tales-of-the-americas", name: "Folk Tales of the Americas" },
          ] },
          { key: "fiction/folklore/fables", name: "Fables" },
        ],
      },
    ],
  },
  {
    key: "nonfiction",
    name: "Nonfiction",
    genres: [
      {
        key: "nonfiction/art-and-design",
        name: "Art & Design",
        ontology: [
          { key: "nonfiction/art-and-design/architecture", name: "Architecture", children: [
            { key: "nonfiction/art-and-design/architecture/architectural-history", name: "Architectural History" },
            { key: "nonfiction/art-and-design/architecture/landscape-architecture", name: "Landscape Architecture" },
          ] },
          { key: "nonfiction/art-and-design/art", name: "Art", children: [
            { key: "nonfiction/art-and-design/art/painting", name: "Painting", children: [
              { key: "nonfiction/art-and-design/art/painting/oil-painting", name: "Oil Painting" },
              { key: "nonfiction/art-and-design/art/painting/watercolour", name: "Watercolour" },
            ] },
            { key: "nonfiction/art-and-design/art/drawing", name: "Drawing" },
            { key: "nonfiction/art-and-design/art/sculpture", name: "Sculpture" },
          ] },
          { key: "nonfiction/art-and-design/art-criticism-and-theory", name: "Art Criticism & Theory" },
          { key: "nonfiction/art-and-design/art-history", name: "Art History", children: [
            { key: "nonfiction/art-and-design/art-history/ancient-and-classical-art", name: "Ancient & Classical Art" },
            { key: "nonfiction/art-and-design/art-history/renaissance-art", name: "Renaissance Art" },
            { key: "nonfiction/art-and-design/art-history/modern-art", name: "Modern Art" },
            { key: "nonfiction/art-and-design/art-history/contemporary-art", name: "Contemporary Art" },
          ] },
          { key: "nonfiction/art-and-design/design", name: "Design", children: [
            { key: "nonfiction/art-and-design/design/graphic-design", name: "Graphic Design", children: [
              { key: "nonfiction/art-and-design/design/graphic-design/typography", name: "Typography" },
              { key: "nonfiction/art-and-design/design/graphic-design/illustration", name: "Illustration" },
            ] },
            { key: "nonfiction/art-and-design/design/interior-design", name: "Interior Design" },
          ] },
          { key: "nonfiction/art-and-design/fashion", name: "Fashion", children: [
            { key: "nonfiction/art-and-design/fashion/fashion-history", name: "Fashion History" },
            { key: "nonfiction/art-and-design/fashion/textiles", name: "Textiles" },
          ] },
          { key: "nonfiction/art-and-design/photography", name: "Photography", children: [
            { key: "nonfiction/art-and-design/photography/photography-techniques", name: "Photography Techniques" },
            { key: "nonfiction/art-and-design/photography/photobooks", name: "Photobooks" },
          ] },
        ],
      },
      {
        key: "nonfiction/biography-and-memoir",
        name: "Biography & Memoir",
        ontology: [
          { key: "nonfiction/biography-and-memoir/memoir", name: "Memoir", children: [
            { key: "nonfiction/biography-and-memoir/memoir/family-memoir", name: "Family Memoir" },
            { key: "nonfiction/biography-and-memoir/memoir/illness-and-recovery-memoir", name: "Illness & Recovery Memoir" },
          ] },
          { key: "nonfiction/biography-and-memoir/autobiography", name: "Autobiography" },
          { key: "nonfiction/biography-and-memoir/political-biography", name: "Political Biography", children: [
            { key: "nonfiction/biography-and-memoir/political-biography/heads-of-state", name: "Heads of State" },
            { key: "nonfiction/biography-and-memoir/political-biography/activists-and-reformers", name: "Activists & Reformers" },
          ] },
          { key: "nonfiction/biography-and-memoir/historical-biography", name: "Historical Biography", children: [
            { key: "nonfiction/biography-and-memoir/historical-biography/royalty", name: "Royalty" },
            { key: "nonfiction/biography-and-memoir/historical-biography/explorers", name: "Explorers" },
          ] },
          { key: "nonfiction/biography-and-memoir/literary-biography", name: "Literary Biography" },
          { key: "nonfiction/biography-and-memoir/arts-and-entertainment-biography", name: "Arts & Entertainment Biography", children: [
            { key: "nonfiction/biography-and-memoir/arts-and-entertainment-biography/musicians", name: "Musicians" },
            { key: "nonfiction/biography-and-memoir/arts-and-entertainment-biography/actors-and-filmmakers", name: "Actors & Filmmakers" },
            { key: "nonfiction/biography-and-memoir/arts-and-entertainment-biography/artists", name: "Artists" },
          ] },
          { key: "nonfiction/biography-and-memoir/sports-biography", name: "Sports Biography" },
          { key: "nonfiction/biography-and-memoir/business-biography", name: "Business Biography" },
          { key: "nonfiction/biography-and-memoir/scientists-and-inventors", name: "Scientists & Inventors" },
          { key: "nonfiction/biography-and-memoir/letters-and-diaries", name: "Letters & Diaries" },
        ],
      },
      {
        key: "nonfiction/personal-finance-and-business",
        name: "Personal Finance & Business",
        ontology: [
          { key: "nonfiction/personal-finance-and-business/business", name: "Business", children: [
            { key: "nonfiction/personal-finance-and-business/business/entrepreneurship", name: "Entrepreneurship", children: [
              { key: "nonfiction/personal-finance-and-business/business/entrepreneurship/startups", name: "Startups" },
              { key: "nonfiction/personal-finance-and-business/business/entrepreneurship/small-business", name: "Small Business" },
            ] },
            { key: "nonfiction/personal-finance-and-business/business/marketing", name: "Marketing", children: [
              { key: "nonfiction/personal-finance-and-business/business/marketing/digital-marketing", name: "Digital Marketing" },
              { key: "nonfiction/personal-finance-and-business/business/marketing/advertising", name: "Advertising" },
            ] },
            { key: "nonfiction/personal-finance-and-business/business/accounting", name: "Accounting" },
          ] },
          { key: "nonfiction/personal-finance-and-business/economics", name: "Economics", children: [
            { key: "nonfiction/personal-finance-and-business/economics/macroeconomics", name: "Macroeconomics" },
            { key: "nonfiction/personal-finance-and-business/economics/microeconomics", name: "Microeconomics" },
            { key: "nonfiction/personal-finance-and-business/economics/behavioural-economics", name: "Behavioural Economics" },
            { key: "nonfiction/personal-finance-and-business/economics/economic-history", name: "Economic History" },
          ] },
          { key: "nonfiction/personal-finance-and-business/management-and-leadership", name: "Management & Leadership", children: [
            { key: "nonfiction/personal-finance-and-business/management-and-leadership/leadership", name: "Leadership" },
            { key: "nonfiction/personal-finance-and-business/management-and-leadership/project-management", name: "Project Management" },
          ] },
          { key: "nonfiction/personal-finance-and-business/personal-finance-and-investing", name: "Personal Finance & Investing", children: [
            { key: "nonfiction/personal-finance-and-business/personal-finance-and-investing/budgeting-and-saving", name: "Budgeting & Saving" },
            { key: "nonfiction/personal-finance-and-business/personal-finance-and-investing/investing", name: "Investing", children: [
              { key: "nonfiction/personal-finance-and-business/personal-finance-and-investing/investing/shares", name: "Shares" },
              { key: "nonfiction/personal-finance-and-business/personal-finance-and-investing/investing/cryptocurrency", name: "Cryptocurrency" },
            ] },
            { key: "nonfiction/personal-finance-and-business/personal-finance-and-investing/retirement-planning", name: "Retirement Planning" },
          ] },
          { key: "nonfiction/personal-finance-and-business/real-estate", name: "Real Estate", children: [
            { key: "nonfiction/personal-finance-and-business/real-estate/buying-and-selling-homes", name: "Buying & Selling Homes" },
            { key: "nonfiction/personal-finance-and-business/real-estate/property-investment", name: "Property Investment" },
          ] },
        ],
      },
      {
        key: "nonfiction/education",
        name: "Education",
        ontology: [
          { key: "nonfiction/education/teaching-methods", name: "Teaching Methods", children: [
            { key: "nonfiction/education/teaching-methods/early-years-education", name: "Early Years Education" },
            { key: "nonfiction/education/teaching-methods/primary-education", name: "Primary Education" },
            { key: "nonfiction/education/teaching-methods/secondary-education", name: "Secondary Education" },
          ] },
          { key: "nonfiction/education/homeschooling", name: "Homeschooling" },
          { key: "nonfiction/education/special-educational-needs", name: "Special Educational Needs" },
          { key: "nonfiction/education/education-policy", name: "Education Policy" },
        ],
      },
      {
        key: "nonfiction/parenting-and-family",
        name: "Parenting & Family",
        ontology: [
          { key: "nonfiction/parenting-and-family/family-and-relationships", name: "Family & Relationships", children: [
            { key: "nonfiction/parenting-and-family/family-and-relationships/marriage-and-partnerships", name: "Marriage & Partnerships" },
            { key: "nonfiction/parenting-and-family/family-and-relationships/divorce-and-separation", name: "Divorce & Separation" },
            { key: "nonfiction/parenting-and-family/family-and-relationships/caring-for-ageing-parents", name: "Caring for Ageing Parents" },
          ] },
          { key: "nonfiction/parenting-and-family/parenting", name: "Parenting", children: [
            { key: "nonfiction/parenting-and-family/parenting/pregnancy-and-childbirth", name: "Pregnancy & Childbirth" },
            { key: "nonfiction/parenting-and-family/parenting/babies-and-toddlers", name: "Babies & Toddlers" },
            { key: "nonfiction/parenting-and-family/parenting/school-age-children", name: "School-Age Children" },
            { key: "nonfiction/parenting-and-family/parenting/teenagers", name: "Teenagers" },
            { key: "nonfiction/parenting-and-family/parenting/children-with-special-needs", name: "Children with Special Needs" },
          ] },
        ],
      },
      {
        key: "nonfiction/food-and-health",
        name: "Food & Health",
        ontology: [
          { key: "nonfiction/food-and-health/cooking", name: "Cooking", children: [
            { key: "nonfiction/food-and-health/cooking/world-cuisines", name: "World Cuisines", children: [
              { key: "nonfiction/food-and-health/cooking/world-cuisines/italian-cooking", name: "Italian Cooking" },
              { key: "nonfiction/food-and-health/cooking/world-cuisines/french-cooking", name: "French Cooking" },
              { key: "nonfiction/food-and-health/cooking/world-cuisines/middle-eastern-cooking", name: "Middle Eastern Cooking" },
              { key: "nonfiction/food-and-health/cooking/world-cuisines/indian-cooking", name: "Indian Cooking" },
              { key: "nonfiction/food-and-health/cooking/world-cuisines/chinese-cooking", name: "Chinese Cooking" },
              { key: "nonfiction/food-and-health/cooking/world-cuisines/japanese-cooking", name: "Japanese Cooking" },
              { key: "nonfiction/food-and-health/cooking/world-cuisines/mexican-cooking", name: "Mexican Cooking" },
            ] },
            { key: "nonfiction/food-and-health/cooking/baking", name: "Baking", children: [
              { key: "nonfiction/food-and-health/cooking/baking/bread", name: "Bread" },
              { key: "nonfiction/food-and-health/cooking/baking/cakes-and-desserts", name: "Cakes & Desserts" },
              { key: "nonfiction/food-and-health/cooking/baking/pastry", name: "Pastry" },
            ] },
            { key: "nonfiction/food-and-health/cooking/cooking-methods", name: "Cooking Methods", children: [
              { key: "nonfiction/food-and-health/cooking/cooking-methods/barbecue-and-grilling", name: "Barbecue & Grilling" },
              { key: "nonfiction/food-and-health/cooking/cooking-methods/slow-cooking", name: "Slow Cooking" },
              { key: "nonfiction/food-and-health/cooking/cooking-methods/preserving-and-fermenting", name: "Preserving & Fermenting" },
            ] },
            { key: "nonfiction/food-and-health/cooking/quick-and-easy-meals", name: "Quick & Easy Meals" },
          ] },
          { key: "nonfiction/food-and-health/bartending-and-cocktails", name: "Bartending & Cocktails", children: [
            { key: "nonfiction/food-and-health/bartending-and-cocktails/cocktails", name: "Cocktails" },
            { key: "nonfiction/food-and-health/bartending-and-cocktails/wine", name: "Wine" },
            { key: "nonfiction/food-and-health/bartending-and-cocktails/beer-and-brewing", name: "Beer & Brewing" },
          ] },
          { key: "nonfiction/food-and-health/health-and-diet", name: "Health & Diet", children: [
            { key: "nonfiction/food-and-health/health-and-diet/diets-and-nutrition", name: "Diets & Nutrition" },
            { key: "nonfiction/food-and-health/health-and-diet/fitness-and-exercise", name: "Fitness & Exercise" },
            { key: "nonfiction/food-and-health/health-and-diet/womens-health", name: "Women's Health" },
            { key: "nonfiction/food-and-health/health-and-diet/mental-health-and-wellbeing", name: "Mental Health & Wellbeing" },
          ] },
          { key: "nonfiction/food-and-health/vegetarian-and-vegan", name: "Vegetarian & Vegan", children: [
            { key: "nonfiction/food-and-health/vegetarian-and-vegan/vegetarian-cooking", name: "Vegetarian Cooking" },
            { key: "nonfiction/food-and-health/vegetarian-and-vegan/vegan-cooking", name: "Vegan Cooking" },
          ] },
        ],
      },
      {
        key: "nonfiction/history",
        name: "History",
        ontology: [
          { key: "nonfiction/history/african-history", name: "African History", children: [
            { key: "nonfiction/history/african-history/north-africa", name: "North Africa" },
            { key: "nonfiction/history/african-history/west-africa", name: "West Africa" },
            { key: "nonfiction/history/african-history/east-africa", name: "East Africa" },
            { key: "nonfiction/history/african-history/southern-africa", name: "Southern Africa" },
          ] },
          { key: "nonfiction/history/ancient-history", name: "Ancient History", children: [
            { key: "nonfiction/history/ancient-history/prehistory", name: "Prehistory" },
            { key: "nonfiction/history/ancient-history/ancient-egypt", name: "Ancient Egypt" },
            { key: "nonfiction/history/ancient-history/ancient-greece", name: "Ancient Greece" },
            { key: "nonfiction/history/ancient-history/ancient-rome", name: "Ancient Rome" },
            { key: "nonfiction/history/ancient-history/ancient-near-east", name: "Ancient Near East" },
          ] },
          { key: "nonfiction/history/asian-history", name: "Asian History", children: [
            { key: "nonfiction/history/asian-history/china", name: "China" },
            { key: "nonfiction/history/asian-history/japan", name: "Japan" },
            { key: "nonfiction/history/asian-history/india-and-south-asia", name: "India & South Asia" },
            { key: "nonfiction/history/asian-history/southeast-asia", name: "Southeast Asia" },
          ] },
          { key: "nonfiction/history/european-history", name: "European History", children: [
            { key: "nonfiction/history/european-history/british-and-irish-history", name: "British & Irish History", children: [
              { key: "nonfiction/history/european-history/british-and-irish-history/tudor-and-stuart-britain", name: "Tudor & Stuart Britain" },
              { key: "nonfiction/history/european-history/british-and-irish-history/victorian-britain", name: "Victorian Britain" },
              { key: "nonfiction/history/european-history/british-and-irish-history/scottish-history", name: "Scottish History" },
              { key: "nonfiction/history/european-history/british-and-irish-history/irish-history", name: "Irish History" },
            ] },
            { key: "nonfiction/history/european-history/french-history", name: "French History", children: [
              { key: "nonfiction/history/european-history/french-history/french-revolution", name: "French Revolution" },
              { key: "nonfiction/history/european-history/french-history/napoleonic-france", name: "Napoleonic France" },
            ] },
            { key: "nonfiction/history/european-history/german-history", name: "German History" },
            { key: "nonfiction/history/european-history/spanish-and-portuguese-history", name: "Spanish & Portuguese History" },
            { key: "nonfiction/history/european-history/russian-and-soviet-history", name: "Russian & Soviet History", children: [
              { key: "nonfiction/history/european-history/russian-and-soviet-history/imperial-russia", name: "Imperial Russia" },
              { key: "nonfiction/history/european-history/russian-and-soviet-history/soviet-union", name: "Soviet Union" },
            ] },
            { key: "nonfiction/history/european-history/central-and-eastern-european-history", name: "Central & Eastern European History" },
          ] },
          { key: "nonfiction/history/latin-american-history", name: "Latin American History", children: [
            { key: "nonfiction/history/latin-american-history/mexico", name: "Mexico" },
            { key: "nonfiction/history/latin-american-history/south-america", name: "South America" },
            { key: "nonfiction/history/latin-american-history/caribbean", name: "Caribbean" },
          ] },
          { key: "nonfiction/history/medieval-history", name: "Medieval History", children: [
            { key: "nonfiction/history/medieval-history/byzantine-empire", name: "Byzantine Empire" },
            { key: "nonfiction/history/medieval-history/crusades", name: "Crusades" },
            { key: "nonfiction/history/medieval-history/viking-age", name: "Viking Age" },
          ] },
          { key: "nonfiction/history/middle-east-history", name: "Middle East History", children: [
            { key: "nonfiction/history/middle-east-history/early-islamic-empires", name: "Early Islamic Empires" },
            { key: "nonfiction/history/middle-east-history/ottoman-empire", name: "Ottoman Empire" },
            { key: "nonfiction/history/middle-east-history/modern-middle-east", name: "Modern Middle East" },
          ] },
          { key: "nonfiction/history/military-history", name: "Military History", children: [
            { key: "nonfiction/history/military-history/ancient-warfare", name: "Ancient Warfare" },
            { key: "nonfiction/history/military-history/medieval-warfare", name: "Medieval Warfare" },
            { key: "nonfiction/history/military-history/napoleonic-wars", name: "Napoleonic Wars" },
            { key: "nonfiction/history/military-history/world-war-i", name: "World War I" },
            { key: "nonfiction/history/military-history/world-war-ii", name: "World War II", children: [
              { key: "nonfiction/history/military-history/world-war-ii/european-theatre", name: "European Theatre" },
              { key: "nonfiction/history/military-history/world-war-ii/pacific-theatre", name: "Pacific Theatre" },
            ] },
            { key: "nonfiction/history/military-history/cold-war", name: "Cold War" },
            { key: "nonfiction/history/military-history/naval-history", name: "Naval History" },
          ] },
          { key: "nonfiction/history/modern-history", name: "Modern History", children: [
            { key: "nonfiction/history/modern-history/industrial-revolution", name: "Industrial Revolution" },
            { key: "nonfiction/history/modern-history/twentieth-century", name: "Twentieth Century", children: [
              { key: "nonfiction/history/modern-history/twentieth-century/interwar-years", name: "Interwar Years" },
              { key: "nonfiction/history/modern-history/twentieth-century/the-holocaust", name: "The Holocaust" },
              { key: "nonfiction/history/modern-history/twentieth-century/decolonisation", name: "Decolonisation" },
            ] },
          ] },
          { key: "nonfiction/history/renaissance-and-early-modern-history", name: "Renaissance & Early Modern History", children: [
            { key: "nonfiction/history/renaissance-and-early-modern-history/reformation", name: "Reformation" },
            { key: "nonfiction/history/renaissance-and-early-modern-history/age-of-exploration", name: "Age of Exploration" },
            { key: "nonfiction/history/renaissance-and-early-modern-history/scientific-revolution", name: "Scientific Revolution" },
            { key: "nonfiction/history/renaissance-and-early-modern-history/enlightenment", name: "Enlightenment" },
          ] },
          { key: "nonfiction/history/united-states-history", name: "United States History", children: [
            { key: "nonfiction/history/united-states-history/colonial-period", name: "Colonial Period" },
            { key: "nonfiction/history/united-states-history/american-revolution", name: "American Revolution" },
            { key: "nonfiction/history/united-states-history/civil-war-and-reconstruction", name: "Civil War & Reconstruction" },
            { key: "nonfiction/history/united-states-history/gilded-age-and-progressive-era", name: "Gilded Age & Progressive Era" },
            { key: "nonfiction/history/united-states-history/civil-rights-movement", name: "Civil Rights Movement" },
            { key: "nonfiction/history/united-states-history/native-american-history", name: "Native American History" },
          ] },
          { key: "nonfiction/history/canadian-history", name: "Canadian History" },
          { key: "nonfiction/history/australian-and-pacific-history", name: "Australian & Pacific History" },
          { key: "nonfiction/history/world-history", name: "World History", children: [
            { key: "nonfiction/history/world-history/global-history", name: "Global History" },
            { key: "nonfiction/history/world-history/history-of-empires", name: "History of Empires" },
          ] },
          { key: "nonfiction/history/social-and-cultural-history", name: "Social & Cultural History", children: [
            { key: "nonfiction/history/social-and-cultural-history/womens-history", name: "Women's History" },
            { key: "nonfiction/history/social-and-cultural-history/history-of-medicine", name: "History of Medicine" },
          ] },
        ],
      },
      {
        key: "nonfiction/hobbies-and-home",
        name: "Hobbies & Home",
        ontology: [
          { key: "nonfiction/hobbies-and-home/antiques-and-collectibles", name: "Antiques & Collectibles", children: [
            { key: "nonfiction/hobbies-and-home/antiques-and-collectibles/coins-and-banknotes", name: "Coins & Banknotes" },
            { key: "nonfiction/hobbies-and-home/antiques-and-collectibles/stamps", name: "Stamps" },
            { key: "nonfiction/hobbies-and-home/antiques-and-collectibles/ceramics-and-glass", name: "Ceramics & Glass" },
          ] },
          { key: "nonfiction/hobbies-and-home/crafts-and-hobbies", name: "Crafts & Hobbies", children: [
            { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/needlecraft", name: "Needlecraft", children: [
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/needlecraft/knitting", name: "Knitting" },
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/needlecraft/crochet", name: "Crochet" },
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/needlecraft/sewing", name: "Sewing" },
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/needlecraft/quilting", name: "Quilting" },
            ] },
            { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/papercraft", name: "Papercraft", children: [
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/papercraft/origami", name: "Origami" },
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/papercraft/card-making", name: "Card Making" },
            ] },
            { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/woodworking", name: "Woodworking" },
            { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/model-making", name: "Model Making", children: [
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/model-making/model-railways", name: "Model Railways" },
              { key: "nonfiction/hobbies-and-home/crafts-and-hobbies/model-making/scale-models", name: "Scale Models" },
            ] },
          ] },
          { key: "nonfiction/hobbies-and-home/gardening", name: "Gardening", children: [
            { key: "nonfiction/hobbies-and-home/gardening/vegetable-gardening", name: "Vegetable Gardening" },
            { key: "nonfiction/hobbies-and-home/gardening/flowers", name: "Flowers" },
            { key: "nonfiction/hobbies-and-home/gardening/garden-design", name: "Garden Design" },
            { key: "nonfiction/hobbies-and-home/gardening/houseplants", name: "Houseplants" },
          ] },
          { key: "nonfiction/hobbies-and-home/games", name: "Games", children: [
            { key: "nonfiction/hobbies-and-home/games/board-games", name: "Board Games" },
            { key: "nonfiction/hobbies-and-home/games/card-games", name: "Card Games" },
            { key: "nonfiction/hobbies-and-home/games/chess", name: "Chess" },
            { key: "nonfiction/hobbies-and-home/games/puzzles", name: "Puzzles", children: [
              { key: "nonfiction/hobbies-and-home/games/puzzles/crosswords", name: "Crosswords" },
              { key: "nonfiction/hobbies-and-home/games/puzzles/number-puzzles", name: "Number Puzzles" },
              { key: "nonfiction/hobbies-and-home/games/puzzles/logic-puzzles", name: "Logic Puzzles" },
            ] },
            { key: "nonfiction/hobbies-and-home/games/tabletop-role-playing-games", name: "Tabletop Role-Playing Games" },
          ] },
          { key: "nonfiction/hobbies-and-home/house-and-home", name: "House & Home", children: [
            { key: "nonfiction/hobbies-and-home/house-and-home/home-improvement-and-diy", name: "Home Improvement & DIY" },
            { key: "nonfiction/hobbies-and-home/house-and-home/interior-decorating", name: "Interior Decorating" },
            { key: "nonfiction/hobbies-and-home/house-and-home/cleaning-and-organising", name: "Cleaning & Organising" },
          ] },
          { key: "nonfiction/hobbies-and-home/pets", name: "Pets", children: [
            { key: "nonfiction/hobbies-and-home/pets/dogs", name: "Dogs" },
            { key: "nonfiction/hobbies-and-home/pets/cats", name: "Cats" },
            { key: "nonfiction/hobbies-and-home/pets/birds", name: "Birds" },
            { key: "nonfiction/hobbies-and-home/pets/fish-and-aquariums", name: "Fish & Aquariums" },
          ] },
        ],
      },
      {
        key: "nonfiction/humorous-nonfiction",
        name: "Humorous Nonfiction",
        ontology: [
          { key: "nonfiction/humorous-nonfiction/humorous-essays", name: "Humorous Essays" },
          { key: "nonfiction/humorous-nonfiction/political-humour", name: "Political Humour" },
          { key: "nonfiction/humorous-nonfiction/jokes-and-riddles", name: "Jokes & Riddles" },
          { key: "nonfiction/humorous-nonfiction/trivia-and-miscellany", name: "Trivia & Miscellany" },
        ],
      },
      {
        key: "nonfiction/entertainment",
        name: "Entertainment",
        ontology: [
          { key: "nonfiction/entertainment/film-and-tv", name: "Film & TV", children: [
            { key: "nonfiction/entertainment/film-and-tv/film-history-and-criticism", name: "Film History & Criticism" },
            { key: "nonfiction/entertainment/film-and-tv/filmmaking", name: "Filmmaking" },
            { key: "nonfiction/entertainment/film-and-tv/television", name: "Television" },
          ] },
          { key: "nonfiction/entertainment/music", name: "Music", children: [
            { key: "nonfiction/entertainment/music/music-history", name: "Music History", children: [
              { key: "nonfiction/entertainment/music/music-history/classical-music", name: "Classical Music" },
              { key: "nonfiction/entertainment/music/music-history/jazz", name: "Jazz" },
              { key: "nonfiction/entertainment/music/music-history/rock-and-pop", name: "Rock & Pop" },
            ] },
            { key: "nonfiction/entertainment/music/music-instruction", name: "Music Instruction", children: [
              { key: "nonfiction/entertainment/music/music-instruction/guitar", name: "Guitar" },
              { key: "nonfiction/entertainment/music/music-instruction/piano-and-keyboards", name: "Piano & Keyboards" },
            ] },
            { key: "nonfiction/entertainment/music/songbooks-and-sheet-music", name: "Songbooks & Sheet Music" },
          ] },
          { key: "nonfiction/entertainment/performing-arts", name: "Performing Arts", children: [
            { key: "nonfiction/entertainment/performing-arts/dance", name: "Dance" },
            { key: "nonfiction/entertainment/performing-arts/theatre", name: "Theatre" },
            { key: "nonfiction/entertainment/performing-arts/comedy", name: "Comedy" },
          ] },
          { key: "nonfiction/entertainment/celebrity-and-pop-culture", name: "Celebrity & Pop Culture" },
        ],
      },
      {
        key: "nonfiction/life-strategies",
        name: "Life Strategies",
        ontology: [
          { key: "nonfiction/life-strategies/careers", name: "Careers", children: [
            { key: "nonfiction/life-strategies/careers/job-hunting", name: "Job Hunting" },
            { key: "nonfiction/life-strategies/careers/career-change", name: "Career Change" },
          ] },
          { key: "nonfiction/life-strategies/time-management", name: "Time Management" },
          { key: "nonfiction/life-strategies/communication-skills", name: "Communication Skills", children: [
            { key: "nonfiction/life-strategies/communication-skills/public-speaking", name: "Public Speaking" },
            { key: "nonfiction/life-strategies/communication-skills/negotiation", name: "Negotiation" },
          ] },
          { key: "nonfiction/life-strategies/etiquette-and-manners", name: "Etiquette & Manners" },
          { key: "nonfiction/life-strategies/life-transitions", name: "Life Transitions", children: [
            { key: "nonfiction/life-strategies/life-transitions/retirement", name: "Retirement" },
            { key: "nonfiction/life-strategies/life-transitions/moving-home", name: "Moving Home" },
          ] },
        ],
      },
      {
        key: "nonfiction/literary-criticism",
        name: "Literary Criticism",
        ontology: [
          { key: "nonfiction/literary-criticism/literary-theory", name: "Literary Theory" },
          { key: "nonfiction/literary-criticism/criticism-by-period", name: "Criticism by Period", children: [
            { key: "nonfiction/literary-criticism/criticism-by-period/ancient-and-classical-literature", name: "Ancient & Classical Literature" },
            { key: "nonfiction/literary-criticism/criticism-by-period/romantic-literature", name: "Romantic Literature" },
            { key: "nonfiction/literary-criticism/criticism-by-period/victorian-literature", name: "Victorian Literature" },
            { key: "nonfiction/literary-criticism/criticism-by-period/modern-and-contemporary-literature", name: "Modern & Contemporary Literature" },
          ] },
          { key: "nonfiction/literary-criticism/criticism-by-form", name: "Criticism by Form", children: [
            { key: "nonfiction/literary-criticism/criticism-by-form/fiction-criticism", name: "Fiction Criticism" },
            { key: "nonfiction/literary-criticism/criticism-by-form/poetry-criticism", name: "Poetry Criticism" },
            { key: "nonfiction/literary-criticism/criticism-by-form/drama-criticism", name: "Drama Criticism" },
          ] },
          { key: "nonfiction/literary-criticism/shakespeare-studies", name: "Shakespeare Studies" },
          { key: "nonfiction/literary-criticism/childrens-literature-studies", name: "Children's Literature Studies" },
        ],
      },
      {
        key: "nonfiction/philosophy",
        name: "Philosophy",
        ontology: [
          { key: "nonfiction/philosophy/history-of-philosophy", name: "History of Philosophy", children: [
            { key: "nonfiction/philosophy/history-of-philosophy/ancient-philosophy", name: "Ancient Philosophy" },
            { key: "nonfiction/philosophy/history-of-philosophy/medieval-philosophy", name: "Medieval Philosophy" },
            { key: "nonfiction/philosophy/history-of-philosophy/modern-philosophy", name: "Modern Philosophy" },
            { key: "nonfiction/philosophy/history-of-philosophy/contemporary-philosophy", name: "Contemporary Philosophy" },
          ] },
          { key: "nonfiction/philosophy/philosophical-movements", name: "Philosophical Movements", children: [
            { key: "nonfiction/philosophy/philosophical-movements/stoicism", name: "Stoicism" },
            { key: "nonfiction/philosophy/philosophical-movements/existentialism", name: "Existentialism" },
          ] },
          { key: "nonfiction/philosophy/ethics-and-moral-philosophy", name: "Ethics & Moral Philosophy", children: [
            { key: "nonfiction/philosophy/ethics-and-moral-philosophy/applied-ethics", name: "Applied Ethics", children: [
              { key: "nonfiction/philosophy/ethics-and-moral-philosophy/applied-ethics/bioethics", name: "Bioethics" },
              { key: "nonfiction/philosophy/ethics-and-moral-philosophy/applied-ethics/environmental-ethics", name: "Environmental Ethics" },
            ] },
            { key: "nonfiction/philosophy/ethics-and-moral-philosophy/normative-ethics", name: "Normative Ethics" },
            { key: "nonfiction/philosophy/ethics-and-moral-philosophy/metaethics", name: "Metaethics" },
          ] },
          { key: "nonfiction/philosophy/logic", name: "Logic" },
          { key: "nonfiction/philosophy/metaphysics", name: "Metaphysics" },
          { key: "nonfiction/philosophy/epistemology", name: "Epistemology" },
          { key: "nonfiction/philosophy/political-philosophy", name: "Political Philosophy" },
          { key: "nonfiction/philosophy/philosophy-of-mind", name: "Philosophy of Mind" },
          { key: "nonfiction/philosophy/eastern-philosophy", name: "Eastern Philosophy", children: [
            { key: "nonfiction/philosophy/eastern-philosophy/chinese-philosophy", name: "Chinese Philosophy" },
            { key: "nonfiction/philosophy/eastern-philosophy/indian-philosophy", name: "Indian Philosophy" },
          ] },
        ],
      },
      {
        key: "nonfiction/politics-and-current-affairs",
        name: "Politics & Current Affairs",
        ontology: [
          { key: "nonfiction/politics-and-current-affairs/political-ideologies", name: "Political Ideologies", children: [
            { key: "nonfiction/politics-and-current-affairs/political-ideologies/conservatism", name: "Conservatism" },
            { key: "nonfiction/politics-and-current-affairs/political-ideologies/liberalism", name: "Liberalism" },
            { key: "nonfiction/politics-and-current-affairs/political-ideologies/socialism", name: "Socialism" },
            { key: "nonfiction/politics-and-current-affairs/political-ideologies/nationalism-and-populism", name: "Nationalism & Populism" },
          ] },
          { key: "nonfiction/politics-and-current-affairs/international-relations", name: "International Relations", children: [
            { key: "nonfiction/politics-and-current-affairs/international-relations/diplomacy", name: "Diplomacy" },
            { key: "nonfiction/politics-and-current-affairs/international-relations/geopolitics", name: "Geopolitics" },
          ] },
          { key: "nonfiction/politics-and-current-affairs/government-and-public-policy", name: "Government & Public Policy", children: [
            { key: "nonfiction/politics-and-current-affairs/government-and-public-policy/elections-and-voting", name: "Elections & Voting" },
            { key: "nonfiction/politics-and-current-affairs/government-and-public-policy/public-policy", name: "Public Policy" },
          ] },
          { key: "nonfiction/politics-and-current-affairs/current-affairs", name: "Current Affairs" },
          { key: "nonfiction/politics-and-current-affairs/human-rights", name: "Human Rights" },
        ],
      },
      {
        key: "nonfiction/religion-and-spirituality",
        name: "Religion & Spirituality",
        ontology: [
          { key: "nonfiction/religion-and-spirituality/body-mind-and-spirit", name: "Body, Mind & Spirit", children: [
            { key: "nonfiction/religion-and-spirituality/body-mind-and-spirit/meditation", name: "Meditation" },
            { key: "nonfiction/religion-and-spirituality/body-mind-and-spirit/mindfulness", name: "Mindfulness" },
            { key: "nonfiction/religion-and-spirituality/body-mind-and-spirit/astrology", name: "Astrology" },
            { key: "nonfiction/religion-and-spirituality/body-mind-and-spirit/tarot-and-divination", name: "Tarot & Divination" },
          ] },
          { key: "nonfiction/religion-and-spirituality/buddhism", name: "Buddhism", children: [
            { key: "nonfiction/religion-and-spirituality/buddhism/zen", name: "Zen" },
            { key: "nonfiction/religion-and-spirituality/buddhism/tibetan-buddhism", name: "Tibetan Buddhism" },
          ] },
          { key: "nonfiction/religion-and-spirituality/christianity", name: "Christianity", children: [
            { key: "nonfiction/religion-and-spirituality/christianity/bibles-and-bible-study", name: "Bibles & Bible Study" },
            { key: "nonfiction/religion-and-spirituality/christianity/denominations-and-traditions", name: "Denominations & Traditions", children: [
              { key: "nonfiction/religion-and-spirituality/christianity/denominations-and-traditions/catholicism", name: "Catholicism" },
              { key: "nonfiction/religion-and-spirituality/christianity/denominations-and-traditions/orthodox-christianity", name: "Orthodox Christianity" },
              { key: "nonfiction/religion-and-spirituality/christianity/denominations-and-traditions/protestantism", name: "Protestantism" },
            ] },
            { key: "nonfiction/religion-and-spirituality/christianity/christian-living", name: "Christian Living" },
            { key: "nonfiction/religion-and-spirituality/christianity/theology", name: "Theology" },
          ] },
          { key: "nonfiction/religion-and-spirituality/hinduism", name: "Hinduism", children: [
            { key: "nonfiction/religion-and-spirituality/hinduism/vedas-and-upanishads", name: "Vedas & Upanishads" },
            { key: "nonfiction/religion-and-spirituality/hinduism/yoga-philosophy", name: "Yoga Philosophy" },
          ] },
          { key: "nonfiction/religion-and-spirituality/islam", name: "Islam", children: [
            { key: "nonfiction/religion-and-spirituality/islam/quran-and-hadith-studies", name: "Qur'an & Hadith Studies" },
            { key: "nonfiction/religion-and-spirituality/islam/sufism", name: "Sufism" },
          ] },
          { key: "nonfiction/religion-and-spirituality/judaism", name: "Judaism", children: [
            { key: "nonfiction/religion-and-spirituality/judaism/torah-and-talmud", name: "Torah & Talmud" },
            { key: "nonfiction/religion-and-spirituality/judaism/jewish-thought", name: "Jewish Thought" },
            { key: "nonfiction/religion-and-spirituality/judaism/jewish-life-and-practice", name: "Jewish Life & Practice" },
          ] },
          { key: "nonfiction/religion-and-spirituality/sikhism", name: "Sikhism" },
          { key: "nonfiction/religion-and-spirituality/paganism-and-earth-religions", name: "Paganism & Earth Religions" },
          { key: "nonfiction/religion-and-spirituality/comparative-religion", name: "Comparative Religion" },
        ],
      },
      {
        key: "nonfiction/science-and-technology",
        name: "Science & Technology",
        ontology: [
          { key: "nonfiction/science-and-technology/computers", name: "Computers", children: [
            { key: "nonfiction/science-and-technology/computers/programming", name: "Programming", children: [
              { key: "nonfiction/science-and-technology/computers/programming/web-development", name: "Web Development" },
              { key: "nonfiction/science-and-technology/computers/programming/software-engineering", name: "Software Engineering" },
            ] },
            { key: "nonfiction/science-and-technology/computers/programming-languages", name: "Programming Languages", children: [
              { key: "nonfiction/science-and-technology/computers/programming-languages/python", name: "Python" },
              { key: "nonfiction/science-and-technology/computers/programming-languages/javascript-and-typescript", name: "JavaScript & TypeScript" },
              { key: "nonfiction/science-and-technology/computers/programming-languages/java", name: "Java" },
              { key: "nonfiction/science-and-technology/computers/programming-languages/c-and-cpp", name: "C & C++" },
            ] },
            { key: "nonfiction/science-and-technology/computers/data-science-and-machine-learning", name: "Data Science & Machine Learning", children: [
              { key: "nonfiction/science-and-technology/computers/data-science-and-machine-learning/artificial-intelligence", name: "Artificial Intelligence" },
              { key: "nonfiction/science-and-technology/computers/data-science-and-machine-learning/data-analysis", name: "Data Analysis" },
            ] },
            { key: "nonfiction/science-and-technology/computers/networking-and-security", name: "Networking & Security", children: [
              { key: "nonfiction/science-and-technology/computers/networking-and-security/cybersecurity", name: "Cybersecurity" },
              { key: "nonfiction/science-and-technology/computers/networking-and-security/computer-networking", name: "Computer Networking" },
            ] },
            { key: "nonfiction/science-and-technology/computers/databases", name: "Databases" },
          ] },
          { key: "nonfiction/science-and-technology/mathematics", name: "Mathematics", children: [
            { key: "nonfiction/science-and-technology/mathematics/popular-mathematics", name: "Popular Mathematics" },
            { key: "nonfiction/science-and-technology/mathematics/history-of-mathematics", name: "History of Mathematics" },
            { key: "nonfiction/science-and-technology/mathematics/recreational-mathematics", name: "Recreational Mathematics" },
          ] },
          { key: "nonfiction/science-and-technology/medical", name: "Medical", children: [
            { key: "nonfiction/science-and-technology/medical/diseases-and-conditions", name: "Diseases & Conditions", children: [
              { key: "nonfiction/science-and-technology/medical/diseases-and-conditions/cancer", name: "Cancer" },
              { key: "nonfiction/science-and-technology/medical/diseases-and-conditions/heart-health", name: "Heart Health" },
              { key: "nonfiction/science-and-technology/medical/diseases-and-conditions/diabetes", name: "Diabetes" },
            ] },
            { key: "nonfiction/science-and-technology/medical/alternative-medicine", name: "Alternative Medicine" },
          ] },
          { key: "nonfiction/science-and-technology/nature", name: "Nature", children: [
            { key: "nonfiction/science-and-technology/nature/animals", name: "Animals", children: [
              { key: "nonfiction/science-and-technology/nature/animals/birds", name: "Birds" },
              { key: "nonfiction/science-and-technology/nature/animals/mammals", name: "Mammals" },
              { key: "nonfiction/science-and-technology/nature/animals/marine-life", name: "Marine Life" },
            ] },
            { key: "nonfiction/science-and-technology/nature/plants", name: "Plants", children: [
              { key: "nonfiction/science-and-technology/nature/plants/trees", name: "Trees" },
              { key: "nonfiction/science-and-technology/nature/plants/wildflowers", name: "Wildflowers" },
              { key: "nonfiction/science-and-technology/nature/plants/fungi", name: "Fungi" },
            ] },
            { key: "nonfiction/science-and-technology/nature/ecology-and-environment", name: "Ecology & Environment", children: [
              { key: "nonfiction/science-and-technology/nature/ecology-and-environment/climate-change", name: "Climate Change" },
              { key: "nonfiction/science-and-technology/nature/ecology-and-environment/conservation", name: "Conservation" },
            ] },
            { key: "nonfiction/science-and-technology/nature/natural-history", name: "Natural History" },
            { key: "nonfiction/science-and-technology/nature/field-guides", name: "Field Guides" },
          ] },
          { key: "nonfiction/science-and-technology/psychology", name: "Psychology", children: [
            { key: "nonfiction/science-and-technology/psychology/popular-psychology", name: "Popular Psychology" },
            { key: "nonfiction/science-and-technology/psychology/neuroscience-and-the-brain", name: "Neuroscience & the Brain" },
            { key: "nonfiction/science-and-technology/psychology/social-psychology", name: "Social Psychology" },
            { key: "nonfiction/science-and-technology/psychology/child-psychology", name: "Child Psychology" },
          ] },
          { key: "nonfiction/science-and-technology/science", name: "Science", children: [
            { key: "nonfiction/science-and-technology/science/physics", name: "Physics", children: [
              { key: "nonfiction/science-and-technology/science/physics/quantum-physics", name: "Quantum Physics" },
              { key: "nonfiction/science-and-technology/science/physics/relativity", name: "Relativity" },
            ] },
            { key: "nonfiction/science-and-technology/science/astronomy-and-space", name: "Astronomy & Space", children: [
              { key: "nonfiction/science-and-technology/science/astronomy-and-space/cosmology", name: "Cosmology" },
              { key: "nonfiction/science-and-technology/science/astronomy-and-space/space-exploration", name: "Space Exploration" },
              { key: "nonfiction/science-and-technology/science/astronomy-and-space/stargazing", name: "Stargazing" },
            ] },
            { key: "nonfiction/science-and-technology/science/chemistry", name: "Chemistry" },
            { key: "nonfiction/science-and-technology/science/biology", name: "Biology", children: [
              { key: "nonfiction/science-and-technology/science/biology/evolution", name: "Evolution" },
              { key: "nonfiction/science-and-technology/science/biology/genetics", name: "Genetics" },
            ] },
            { key: "nonfiction/science-and-technology/science/earth-sciences", name: "Earth Sciences", children: [
              { key: "nonfiction/science-and-technology/science/earth-sciences/geology", name: "Geology" },
              { key: "nonfiction/science-and-technology/science/earth-sciences/oceanography", name: "Oceanography" },
            ] },
            { key: "nonfiction/science-and-technology/science/history-of-science", name: "History of Science" },
          ] },
          { key: "nonfiction/science-and-technology/social-sciences", name: "Social Sciences", children: [
            { key: "nonfiction/science-and-technology/social-sciences/anthropology", name: "Anthropology" },
            { key: "nonfiction/science-and-technology/social-sciences/archaeology", name: "Archaeology" },
            { key: "nonfiction/science-and-technology/social-sciences/sociology", name: "Sociology" },
            { key: "nonfiction/science-and-technology/social-sciences/gender-studies", name: "Gender Studies" },
            { key: "nonfiction/science-and-technology/social-sciences/race-and-ethnicity", name: "Race & Ethnicity" },
          ] },
          { key: "nonfiction/science-and-technology/technology", name: "Technology", children: [
            { key: "nonfiction/science-and-technology/technology/engineering", name: "Engineering", children: [
              { key: "nonfiction/science-and-technology/technology/engineering/civil-engineering", name: "Civil Engineering" },
              { key: "nonfiction/science-and-technology/technology/engineering/electrical-engineering", name: "Electrical Engineering" },
              { key: "nonfiction/science-and-technology/technology/engineering/mechanical-engineering", name: "Mechanical Engineering" },
            ] },
            { key: "nonfiction/science-and-technology/technology/transport", name: "Transport", children: [
              { key: "nonfiction/science-and-technology/technology/transport/aviation", name: "Aviation" },
              { key: "nonfiction/science-and-technology/technology/transport/cars-and-motoring", name: "Cars & Motoring" },
              { key: "nonfiction/science-and-technology/technology/transport/railways", name: "Railways" },
            ] },
          ] },
        ],
      },
      {
        key: "nonfiction/self-help",
        name: "Self-Help",
        ontology: [
          { key: "nonfiction/self-help/personal-growth", name: "Personal Growth", children: [
            { key: "nonfiction/self-help/personal-growth/confidence-and-self-esteem", name: "Confidence & Self-Esteem" },
            { key: "nonfiction/self-help/personal-growth/motivation", name: "Motivation" },
            { key: "nonfiction/self-help/personal-growth/happiness", name: "Happiness" },
          ] },
          { key: "nonfiction/self-help/habits-and-productivity", name: "Habits & Productivity" },
          { key: "nonfiction/self-help/relationships-and-dating", name: "Relationships & Dating" },
          { key: "nonfiction/self-help/emotional-wellbeing", name: "Emotional Wellbeing", children: [
            { key: "nonfiction/self-help/emotional-wellbeing/anxiety", name: "Anxiety" },
            { key: "nonfiction/self-help/emotional-wellbeing/depression", name: "Depression" },
            { key: "nonfiction/self-help/emotional-wellbeing/grief", name: "Grief" },
          ] },
          { key: "nonfiction/self-help/addiction-and-recovery", name: "Addiction & Recovery" },
        ],
      },
      {
        key: "nonfiction/sports",
        name: "Sports",
        ontology: [
          { key: "nonfiction/sports/team-sports", name: "Team Sports", children: [
            { key: "nonfiction/sports/team-sports/football-soccer", name: "Football (Soccer)" },
            { key: "nonfiction/sports/team-sports/american-football", name: "American Football" },
            { key: "nonfiction/sports/team-sports/baseball", name: "Baseball" },
            { key: "nonfiction/sports/team-sports/basketball", name: "Basketball" },
            { key: "nonfiction/sports/team-sports/cricket", name: "Cricket" },
            { key: "nonfiction/sports/team-sports/rugby", name: "Rugby" },
          ] },
          { key: "nonfiction/sports/tennis", name: "Tennis" },
          { key: "nonfiction/sports/golf", name: "Golf" },
          { key: "nonfiction/sports/motor-sports", name: "Motor Sports" },
          { key: "nonfiction/sports/cycling", name: "Cycling" },
          { key: "nonfiction/sports/running-and-athletics", name: "Running & Athletics" },
          { key: "nonfiction/sports/combat-sports", name: "Combat Sports", children: [
            { key: "nonfiction/sports/combat-sports/boxing", name: "Boxing" },
            { key: "nonfiction/sports/combat-sports/martial-arts", name: "Martial Arts" },
          ] },
          { key: "nonfiction/sports/water-sports", name: "Water Sports", children: [
            { key: "nonfiction/sports/water-sports/swimming", name: "Swimming" },
            { key: "nonfiction/sports/water-sports/sailing", name: "Sailing" },
          ] },
          { key: "nonfiction/sports/winter-sports", name: "Winter Sports" },
          { key: "nonfiction/sports/outdoor-pursuits", name: "Outdoor Pursuits", children: [
            { key: "nonfiction/sports/outdoor-pursuits/hiking-and-walking", name: "Hiking & Walking" },
            { key: "nonfiction/sports/outdoor-pursuits/climbing-and-mountaineering", name: "Climbing & Mountaineering" },
            { key: "nonfiction/sports/outdoor-pursuits/fishing", name: "Fishing" },
          ] },
        ],
      },
      {
        key: "nonfiction/travel",
        name: "Travel",
        ontology: [
          { key: "nonfiction/travel/travel-guides", name: "Travel Guides", children: [
            { key: "nonfiction/travel/travel-guides/europe", name: "Europe", children: [
              { key: "nonfiction/travel/travel-guides/europe/france", name: "France" },
              { key: "nonfiction/travel/travel-guides/europe/italy", name: "Italy" },
              { key: "nonfiction/travel/travel-guides/europe/spain-and-portugal", name: "Spain & Portugal" },
              { key: "nonfiction/travel/travel-guides/europe/germany", name: "Germany" },
              { key: "nonfiction/travel/travel-guides/europe/british-isles", name: "British Isles" },
              { key: "nonfiction/travel/travel-guides/europe/scandinavia", name: "Scandinavia" },
              { key: "nonfiction/travel/travel-guides/europe/greece", name: "Greece" },
              { key: "nonfiction/travel/travel-guides/europe/central-and-eastern-europe", name: "Central & Eastern Europe" },
            ] },
            { key: "nonfiction/travel/travel-guides/asia", name: "Asia", children: [
              { key: "nonfiction/travel/travel-guides/asia/japan", name: "Japan" },
              { key: "nonfiction/travel/travel-guides/asia/china", name: "China" },
              { key: "nonfiction/travel/travel-guides/asia/india", name: "India" },
              { key: "nonfiction/travel/travel-guides/asia/southeast-asia", name: "Southeast Asia" },
            ] },
            { key: "nonfiction/travel/travel-guides/africa", name: "Africa" },
            { key: "nonfiction/travel/travel-guides/north-america", name: "North America", children: [
              { key: "nonfiction/travel/travel-guides/north-america/united-states", name: "United States" },
              { key: "nonfiction/travel/travel-guides/north-america/canada", name: "Canada" },
              { key: "nonfiction/travel/travel-guides/north-america/mexico", name: "Mexico" },
            ] },
            { key: "nonfiction/travel/travel-guides/central-and-south-america", name: "Central & South America" },
            { key: "nonfiction/travel/travel-guides/middle-east", name: "Middle East" },
            { key: "nonfiction/travel/travel-guides/oceania", name: "Oceania", children: [
              { key: "nonfiction/travel/travel-guides/oceania/australia", name: "Australia" },
              { key: "nonfiction/travel/travel-guides/oceania/new-zealand", name: "New Zealand" },
            ] },
          ] },
          { key: "nonfiction/travel/travel-writing", name: "Travel Writing" },
          { key: "nonfiction/travel/special-interest-travel", name: "Special-Interest Travel", children: [
            { key: "nonfiction/travel/special-interest-travel/adventure-travel", name: "Adventure Travel" },
            { key: "nonfiction/travel/special-interest-travel/food-and-wine-travel", name: "Food & Wine Travel" },
            { key: "nonfiction/travel/special-interest-travel/walking-guides", name: "Walking Guides" },
          ] },
        ],
      },
      {
        key: "nonfiction/true-crime",
        name: "True Crime",
        ontology: [
          { key: "nonfiction/true-crime/murder", name: "Murder", children: [
            { key: "nonfiction/true-crime/murder/serial-killers", name: "Serial Killers" },
          ] },
          { key: "nonfiction/true-crime/organised-crime", name: "Organised Crime" },
          { key: "nonfiction/true-crime/fraud-and-white-collar-crime", name: "Fraud & White-Collar Crime" },
          { key: "nonfiction/true-crime/forensic-science", name: "Forensic Science" },
          { key: "nonfiction/true-crime/prisons-and-criminal-justice", name: "Prisons & Criminal Justice" },
          { key: "nonfiction/true-crime/espionage-and-intelligence", name: "Espionage & Intelligence" },
        ],
      },
    ],
  },
  {
    key: "poetry",
    name: "Poetry",
    genres: [
      {
        key: "poetry/anthologies",
        name: "Anthologies",
        ontology: [
          { key: "poetry/anthologies/general-anthologies", name: "General Anthologies" },
          { key: "poetry/anthologies/themed-anthologies", name: "Themed Anthologies", children: [
            { key: "poetry/anthologies/themed-anthologies/love-poems", name: "Love Poems" },
            { key: "poetry/anthologies/themed-anthologies/war-poetry", name: "War Poetry" },
            { key: "poetry/anthologies/themed-anthologies/nature-poetry", name: "Nature Poetry" },
            { key: "poetry/anthologies/themed-anthologies/poems-of-grief-and-consolation", name: "Poems of Grief & Consolation" },
            { key: "poetry/anthologies/themed-anthologies/devotional-poetry", name: "Devotional Poetry" },
          ] },
        ],
      },
      {
        key: "poetry/classic-poetry",
        name: "Classic Poetry",
        ontology: [
          { key: "poetry/classic-poetry/ancient-and-classical-poetry", name: "Ancient & Classical Poetry", children: [
            { key: "poetry/classic-poetry/ancient-and-classical-poetry/greek-poetry", name: "Greek Poetry" },
            { key: "poetry/classic-poetry/ancient-and-classical-poetry/latin-poetry", name: "Latin Poetry" },
          ] },
          { key: "poetry/classic-poetry/medieval-poetry", name: "Medieval Poetry" },
          { key: "poetry/classic-poetry/renaissance-poetry", name: "Renaissance Poetry" },
          { key: "poetry/classic-poetry/romantic-poetry", name: "Romantic Poetry" },
          { key: "poetry/classic-poetry/victorian-poetry", name: "Victorian Poetry" },
          { key: "poetry/classic-poetry/epic-poetry", name: "Epic Poetry", children: [
            { key: "poetry/classic-poetry/epic-poetry/ancient-epics", name: "Ancient Epics" },
            { key: "poetry/classic-poetry/epic-poetry/medieval-epics", name: "Medieval Epics" },
          ] },
        ],
      },
      {
        key: "poetry/modern-and-contemporary-poetry",
        name: "Modern & Contemporary Poetry",
        ontology: [
          { key: "poetry/modern-and-contemporary-poetry/modernist-poetry", name: "Modernist Poetry" },
          { key: "poetry/modern-and-contemporary-poetry/beat-poetry", name: "Beat Poetry" },
          { key: "poetry/modern-and-contemporary-poetry/confessional-poetry", name: "Confessional Poetry" },
          { key: "poetry/modern-and-contemporary-poetry/spoken-word-and-performance-poetry", name: "Spoken Word & Performance Poetry" },
          { key: "poetry/modern-and-contemporary-poetry/prose-poetry", name: "Prose Poetry" },
          { key: "poetry/modern-and-contemporary-poetry/experimental-and-concrete-poetry", name: "Experimental & Concrete Poetry" },
          { key: "poetry/modern-and-contemporary-poetry/social-media-poetry", name: "Social Media Poetry" },
        ],
      },
      {
        key: "poetry/poetry-by-region",
        name: "Poetry by Region",
        ontology: [
          { key: "poetry/poetry-by-region/british-and-irish-poetry", name: "British & Irish Poetry", children: [
            { key: "poetry/poetry-by-region/british-and-irish-poetry/english-poetry", name: "English Poetry" },
            { key: "poetry/poetry-by-region/british-and-irish-poetry/scottish-poetry", name: "Scottish Poetry" },
            { key: "poetry/poetry-by-region/british-and-irish-poetry/welsh-poetry", name: "Welsh Poetry" },
            { key: "poetry/poetry-by-region/british-and-irish-poetry/irish-poetry", name: "Irish Poetry" },
          ] },
          { key: "poetry/poetry-by-region/american-poetry", name: "American Poetry", children: [
            { key: "poetry/poetry-by-region/american-poetry/african-american-poetry", name: "African American Poetry" },
            { key: "poetry/poetry-by-region/american-poetry/native-american-poetry", name: "Native American Poetry" },
          ] },
          { key: "poetry/poetry-by-region/canadian-poetry", name: "Canadian Poetry" },
          { key: "poetry/poetry-by-region/australian-and-new-zealand-poetry", name: "Australian & New Zealand Poetry" },
          { key: "poetry/poetry-by-region/european-poetry-in-translation", name: "European Poetry in Translation", children: [
            { key: "poetry/poetry-by-region/european-poetry-in-translation/french-poetry", name: "French Poetry" },
            { key: "poetry/poetry-by-region/european-poetry-in-translation/german-poetry", name: "German Poetry" },
            { key: "poetry/poetry-by-region/european-poetry-in-translation/italian-poetry", name: "Italian Poetry" },
            { key: "poetry/poetry-by-region/european-poetry-in-translation/spanish-poetry", name: "Spanish Poetry" },
            { key: "poetry/poetry-by-region/european-poetry-in-translation/russian-poetry", name: "Russian Poetry" },
          ] },
          { key: "poetry/poetry-by-region/latin-american-poetry", name: "Latin American Poetry" },
          { key: "poetry/poetry-by-region/asian-poetry", name: "Asian Poetry", children: [
            { key: "poetry/poetry-by-region/asian-poetry/chinese-poetry", name: "Chinese Poetry" },
            { key: "poetry/poetry-by-region/asian-poetry/japanese-poetry", name: "Japanese Poetry" },
            { key: "poetry/poetry-by-region/asian-poetry/indian-poetry", name: "Indian Poetry" },
          ] },
          { key: "poetry/poetry-by-region/middle-eastern-poetry", name: "Middle Eastern Poetry", children: [
            { key: "poetry/poetry-by-region/middle-eastern-poetry/arabic-poetry", name: "Arabic Poetry" },
            { key: "poetry/poetry-by-region/middle-eastern-poetry/persian-poetry", name: "Persian Poetry" },
            { key: "poetry/poetry-by-region/middle-eastern-poetry/hebrew-poetry", name: "Hebrew Poetry" },
          ] },
          { key: "poetry/poetry-by-region/african-poetry", name: "African Poetry" },
          { key: "poetry/poetry-by-region/caribbean-poetry", name: "Caribbean Poetry" },
        ],
      },
      {
        key: "poetry/poetic-forms",
        name: "Poetic Forms",
        ontology: [
          { key: "poetry/poetic-forms/sonnets", name: "Sonnets" },
          { key: "poetry/poetic-forms/haiku-and-short-forms", name: "Haiku & Short Forms", children: [
            { key: "poetry/poetic-forms/haiku-and-short-forms/haiku", name: "Haiku" },
            { key: "poetry/poetic-forms/haiku-and-short-forms/tanka", name: "Tanka" },
            { key: "poetry/poetic-forms/haiku-and-short-forms/senryu", name: "Senryū" },
          ] },
          { key: "poetry/poetic-forms/ballads", name: "Ballads" },
          { key: "poetry/poetic-forms/odes", name: "Odes" },
          { key: "poetry/poetic-forms/elegies", name: "Elegies" },
          { key: "poetry/poetic-forms/free-verse", name: "Free Verse" },
          { key: "poetry/poetic-forms/light-verse", name: "Light Verse", children: [
            { key: "poetry/poetic-forms/light-verse/limericks", name: "Limericks" },
            { key: "poetry/poetic-forms/light-verse/nonsense-verse", name: "Nonsense Verse" },
          ] },
          { key: "poetry/poetic-forms/verse-novels", name: "Verse Novels" },
        ],
      },
      {
        key: "poetry/poetry-craft-and-companions",
        name: "Poetry Craft & Companions",
        ontology: [
          { key: "poetry/poetry-craft-and-companions/writing-poetry", name: "Writing Poetry" },
          { key: "poetry/poetry-craft-and-companions/prosody-and-metre", name: "Prosody & Metre" },
          { key: "poetry/poetry-craft-and-companions/poets-letters-and-essays", name: "Poets' Letters & Essays" },
          { key: "poetry/poetry-craft-and-companions/poetry-companions-and-guides", name: "Poetry Companions & Guides" },
        ],
      },
    ],
  },
  {
    key: "drama",
    name: "Drama",
    genres: [
      {
        key: "drama/classical-drama",
        name: "Classical Drama",
        ontology: [
          { key: "drama/classical-drama/greek-tragedy", name: "Greek Tragedy" },
          { key: "drama/classical-drama/greek-comedy", name: "Greek Comedy" },
          { key: "drama/classical-drama/roman-drama", name: "Roman Drama" },
          { key: "drama/classical-drama/sanskrit-drama", name: "Sanskrit Drama" },
          { key: "drama/classical-drama/japanese-classical-theatre", name: "Japanese Classical Theatre", children: [
            { key: "drama/classical-drama/japanese-classical-theatre/noh", name: "Noh" },
            { key: "drama/classical-drama/japanese-classical-theatre/kabuki", name: "Kabuki" },
            { key: "drama/classical-drama/japanese-classical-theatre/bunraku", name: "Bunraku" },
          ] },
        ],
      },
      {
        key: "drama/shakespeare",
        name: "Shakespeare",
        ontology: [
          { key: "drama/shakespeare/tragedies", name: "Tragedies" },
          { key: "drama/shakespeare/comedies", name: "Comedies" },
          { key: "drama/shakespeare/histories", name: "Histories" },
          { key: "drama/shakespeare/late-romances", name: "Late Romances" },
          { key: "drama/shakespeare/collected-works", name: "Collected Works" },
          { key: "drama/shakespeare/study-editions", name: "Study Editions" },
        ],
      },
      {
        key: "drama/early-modern-and-restoration-drama",
        name: "Early Modern & Restoration Drama",
        ontology: [
          { key: "drama/early-modern-and-restoration-drama/elizabethan-and-jacobean-drama", name: "Elizabethan & Jacobean Drama" },
          { key: "drama/early-modern-and-restoration-drama/restoration-comedy", name: "Restoration Comedy" },
          { key: "drama/early-modern-and-restoration-drama/spanish-golden-age-drama", name: "Spanish Golden Age Drama" },
          { key: "drama/early-modern-and-restoration-drama/french-neoclassical-drama", name: "French Neoclassical Drama" },
        ],
      },
      {
        key: "drama/modern-drama",
        name: "Modern Drama",
        ontology: [
          { key: "drama/modern-drama/realism-and-naturalism", name: "Realism & Naturalism" },
          { key: "drama/modern-drama/expressionist-drama", name: "Expressionist Drama" },
          { key: "drama/modern-drama/epic-theatre", name: "Epic Theatre" },
          { key: "drama/modern-drama/theatre-of-the-absurd", name: "Theatre of the Absurd" },
          { key: "drama/modern-drama/kitchen-sink-drama", name: "Kitchen Sink Drama" },
        ],
      },
      {
        key: "drama/contemporary-drama",
        name: "Contemporary Drama",
        ontology: [
          { key: "drama/contemporary-drama/british-and-irish-drama", name: "British & Irish Drama" },
          { key: "drama/contemporary-drama/american-drama", name: "American Drama" },
          { key: "drama/contemporary-drama/world-drama-in-translation", name: "World Drama in Translation" },
          { key: "drama/contemporary-drama/verbatim-and-documentary-theatre", name: "Verbatim & Documentary Theatre" },
          { key: "drama/contemporary-drama/monologues-and-solo-performance", name: "Monologues & Solo Performance" },
        ],
      },
      {
        key: "drama/musicals-and-opera",
        name: "Musicals & Opera",
        ontology: [
          { key: "drama/musicals-and-opera/musical-theatre-libretti", name: "Musical Theatre Libretti" },
          { key: "drama/musicals-and-opera/opera-libretti", name: "Opera Libretti" },
          { key: "drama/musicals-and-opera/vocal-selections", name: "Vocal Selections" },
        ],
      },
      {
        key: "drama/screenplays-and-scripts",
        name: "Screenplays & Scripts",
        ontology: [
          { key: "drama/screenplays-and-scripts/film-screenplays", name: "Film Screenplays" },
          { key: "drama/screenplays-and-scripts/television-scripts", name: "Television Scripts" },
          { key: "drama/screenplays-and-scripts/radio-and-audio-drama", name: "Radio & Audio Drama" },
        ],
      },
      {
        key: "drama/plays-for-study-and-performance",
        name: "Plays for Study & Performance",
        ontology: [
          { key: "drama/plays-for-study-and-performance/one-act-plays", name: "One-Act Plays" },
          { key: "drama/plays-for-study-and-performance/audition-monologues", name: "Audition Monologues" },
          { key: "drama/plays-for-study-and-performance/plays-for-schools-and-youth-theatre", name: "Plays for Schools & Youth Theatre" },
          { key: "drama/plays-for-study-and-performance/amateur-dramatics", name: "Amateur Dramatics" },
        ],
      },
    ],
  },
  {
    key: "comics-and-graphic-novels",
    name: "Comics & Graphic Novels",
    genres: [
      {
        key: "comics-and-graphic-novels/superheroes",
        name: "Superheroes",
        ontology: [
          { key: "comics-and-graphic-novels/superheroes/superhero-teams", name: "Superhero Teams" },
          { key: "comics-and-graphic-novels/superheroes/street-level-heroes", name: "Street-Level Heroes" },
          { key: "comics-and-graphic-novels/superheroes/cosmic-superheroes", name: "Cosmic Superheroes" },
          { key: "comics-and-graphic-novels/superheroes/antiheroes-and-villains", name: "Antiheroes & Villains" },
          { key: "comics-and-graphic-novels/superheroes/superhero-parody", name: "Superhero Parody" },
        ],
      },
      {
        key: "comics-and-graphic-novels/manga",
        name: "Manga",
        ontology: [
          { key: "comics-and-graphic-novels/manga/shonen", name: "Shōnen", children: [
            { key: "comics-and-graphic-novels/manga/shonen/battle-shonen", name: "Battle Shōnen" },
            { key: "comics-and-graphic-novels/manga/shonen/sports-manga", name: "Sports Manga" },
          ] },
          { key: "comics-and-graphic-novels/manga/shojo", name: "Shōjo", children: [
            { key: "comics-and-graphic-novels/manga/shojo/magical-girl", name: "Magical Girl" },
            { key: "comics-and-graphic-novels/manga/shojo/shojo-romance", name: "Shōjo Romance" },
          ] },
          { key: "comics-and-graphic-novels/manga/seinen", name: "Seinen" },
          { key: "comics-and-graphic-novels/manga/josei", name: "Josei" },
          { key: "comics-and-graphic-novels/manga/isekai", name: "Isekai" },
          { key: "comics-and-graphic-novels/manga/mecha-manga", name: "Mecha Manga" },
          { key: "comics-and-graphic-novels/manga/boys-love", name: "Boys' Love" },
          { key: "comics-and-graphic-novels/manga/girls-love", name: "Girls' Love" },
          { key: "comics-and-graphic-novels/manga/horror-manga", name: "Horror Manga" },
          { key: "comics-and-graphic-novels/manga/slice-of-life", name: "Slice of Life" },
        ],
      },
      {
        key: "comics-and-graphic-novels/manhwa-and-manhua",
        name: "Manhwa & Manhua",
        ontology: [
          { key: "comics-and-graphic-novels/manhwa-and-manhua/manhwa", name: "Manhwa" },
          { key: "comics-and-graphic-novels/manhwa-and-manhua/manhua", name: "Manhua" },
          { key: "comics-and-graphic-novels/manhwa-and-manhua/webtoons", name: "Webtoons" },
        ],
      },
      {
        key: "comics-and-graphic-novels/european-comics",
        name: "European Comics",
        ontology: [
          { key: "comics-and-graphic-novels/european-comics/franco-belgian-comics", name: "Franco-Belgian Comics", children: [
            { key: "comics-and-graphic-novels/european-comics/franco-belgian-comics/ligne-claire", name: "Ligne Claire" },
            { key: "comics-and-graphic-novels/european-comics/franco-belgian-comics/adventure-albums", name: "Adventure Albums" },
          ] },
          { key: "comics-and-graphic-novels/european-comics/italian-fumetti", name: "Italian Fumetti" },
          { key: "comics-and-graphic-novels/european-comics/british-comics", name: "British Comics" },
        ],
      },
      {
        key: "comics-and-graphic-novels/graphic-novels",
        name: "Graphic Novels",
        ontology: [
          { key: "comics-and-graphic-novels/graphic-novels/literary-graphic-novels", name: "Literary Graphic Novels" },
          { key: "comics-and-graphic-novels/graphic-novels/graphic-memoir", name: "Graphic Memoir" },
          { key: "comics-and-graphic-novels/graphic-novels/graphic-nonfiction", name: "Graphic Nonfiction", children: [
            { key: "comics-and-graphic-novels/graphic-novels/graphic-nonfiction/graphic-history", name: "Graphic History" },
            { key: "comics-and-graphic-novels/graphic-novels/graphic-nonfiction/graphic-journalism", name: "Graphic Journalism" },
            { key: "comics-and-graphic-novels/graphic-novels/graphic-nonfiction/graphic-biography", name: "Graphic Biography" },
            { key: "comics-and-graphic-novels/graphic-novels/graphic-nonfiction/educational-comics", name: "Educational Comics" },
          ] },
          { key: "comics-and-graphic-novels/graphic-novels/literary-adaptations", name: "Literary Adaptations" },
        ],
      },
      {
        key: "comics-and-graphic-novels/genre-comics",
        name: "Genre Comics",
        ontology: [
          { key: "comics-and-graphic-novels/genre-comics/crime-and-noir-comics", name: "Crime & Noir Comics" },
          { key: "comics-and-graphic-novels/genre-comics/horror-comics", name: "Horror Comics" },
          { key: "comics-and-graphic-novels/genre-comics/science-fiction-comics", name: "Science Fiction Comics" },
          { key: "comics-and-graphic-novels/genre-comics/fantasy-comics", name: "Fantasy Comics" },
          { key: "comics-and-graphic-novels/genre-comics/war-comics", name: "War Comics" },
          { key: "comics-and-graphic-novels/genre-comics/western-comics", name: "Western Comics" },
          { key: "comics-and-graphic-novels/genre-comics/romance-comics", name: "Romance Comics" },
        ],
      },
      {
        key: "comics-and-graphic-novels/comic-strips-and-cartoons",
        name: "Comic Strips & Cartoons",
        ontology: [
          { key: "comics-and-graphic-novels/comic-strips-and-cartoons/newspaper-strips", name: "Newspaper Strips" },
          { key: "comics-and-graphic-novels/comic-strips-and-cartoons/editorial-and-political-cartoons", name: "Editorial & Political Cartoons" },
          { key: "comics-and-graphic-novels/comic-strips-and-cartoons/gag-cartoons", name: "Gag Cartoons" },
        ],
      },
      {
        key: "comics-and-graphic-novels/independent-and-alternative-comics",
        name: "Independent & Alternative Comics",
        ontology: [
          { key: "comics-and-graphic-novels/independent-and-alternative-comics/small-press-and-zines", name: "Small Press & Zines" },
          { key: "comics-and-graphic-novels/independent-and-alternative-comics/underground-comix", name: "Underground Comix" },
          { key: "comics-and-graphic-novels/independent-and-alternative-comics/autobiographical-comics", name: "Autobiographical Comics" },
          { key: "comics-and-graphic-novels/independent-and-alternative-comics/webcomics", name: "Webcomics" },
        ],
      },
      {
        key: "comics-and-graphic-novels/comics-craft-and-criticism",
        name: "Comics Craft & Criticism",
        ontology: [
          { key: "comics-and-graphic-novels/comics-craft-and-criticism/drawing-comics", name: "Drawing Comics" },
          { key: "comics-and-graphic-novels/comics-craft-and-criticism/drawing-manga", name: "Drawing Manga" },
          { key: "comics-and-graphic-novels/comics-craft-and-criticism/comics-history-and-criticism", name: "Comics History & Criticism" },
        ],
      },
    ],
  },
  {
    key: "childrens",
    name: "Children's",
    genres: [
      {
        key: "childrens/baby-and-toddler-books",
        name: "Baby & Toddler Books",
        ontology: [
          { key: "childrens/baby-and-toddler-books/board-books", name: "Board Books" },
          { key: "childrens/baby-and-toddler-books/cloth-and-bath-books", name: "Cloth & Bath Books" },
          { key: "childrens/baby-and-toddler-books/touch-and-feel-books", name: "Touch-and-Feel Books" },
          { key: "childrens/baby-and-toddler-books/lift-the-flap-books", name: "Lift-the-Flap Books" },
          { key: "childrens/baby-and-toddler-books/first-words", name: "First Words" },
        ],
      },
      {
        key: "childrens/picture-books",
        name: "Picture Books",
        ontology: [
          { key: "childrens/picture-books/concept-books", name: "Concept Books", children: [
            { key: "childrens/picture-books/concept-books/alphabet-books", name: "Alphabet Books" },
            { key: "childrens/picture-books/concept-books/counting-books", name: "Counting Books" },
            { key: "childrens/picture-books/concept-books/colours-and-shapes", name: "Colours & Shapes" },
            { key: "childrens/picture-books/concept-books/opposites", name: "Opposites" },
          ] },
          { key: "childrens/picture-books/bedtime-stories", name: "Bedtime Stories" },
          { key: "childrens/picture-books/animal-stories", name: "Animal Stories" },
          { key: "childrens/picture-books/feelings-and-first-experiences", name: "Feelings & First Experiences", children: [
            { key: "childrens/picture-books/feelings-and-first-experiences/emotions", name: "Emotions" },
            { key: "childrens/picture-books/feelings-and-first-experiences/new-sibling", name: "New Sibling" },
            { key: "childrens/picture-books/feelings-and-first-experiences/starting-school", name: "Starting School" },
          ] },
          { key: "childrens/picture-books/funny-picture-books", name: "Funny Picture Books" },
          { key: "childrens/picture-books/wordless-picture-books", name: "Wordless Picture Books" },
          { key: "childrens/picture-books/rhyming-stories", name: "Rhyming Stories" },
          { key: "childrens/picture-books/fairy-tales-and-folk-tales", name: "Fairy Tales & Folk Tales" },
          { key: "childrens/picture-books/seasons-and-holidays", name: "Seasons & Holidays" },
        ],
      },
      {
        key: "childrens/early-readers",
        name: "Early Readers",
        ontology: [
          { key: "childrens/early-readers/phonics-readers", name: "Phonics Readers" },
          { key: "childrens/early-readers/graded-readers", name: "Graded Readers", children: [
            { key: "childrens/early-readers/graded-readers/beginning-readers", name: "Beginning Readers" },
            { key: "childrens/early-readers/graded-readers/developing-readers", name: "Developing Readers" },
            { key: "childrens/early-readers/graded-readers/independent-readers", name: "Independent Readers" },
          ] },
          { key: "childrens/early-readers/first-chapter-books", name: "First Chapter Books" },
        ],
      },
      {
        key: "childrens/middle-grade-fiction",
        name: "Middle-Grade Fiction",
        ontology: [
          { key: "childrens/middle-grade-fiction/adventure", name: "Adventure" },
          { key: "childrens/middle-grade-fiction/fantasy-and-magic", name: "Fantasy & Magic" },
          { key: "childrens/middle-grade-fiction/mystery-and-detective-stories", name: "Mystery & Detective Stories" },
          { key: "childrens/middle-grade-fiction/funny-stories", name: "Funny Stories" },
          { key: "childrens/middle-grade-fiction/animal-stories", name: "Animal Stories" },
          { key: "childrens/middle-grade-fiction/school-stories", name: "School Stories" },
          { key: "childrens/middle-grade-fiction/historical-stories", name: "Historical Stories" },
          { key: "childrens/middle-grade-fiction/science-fiction", name: "Science Fiction" },
          { key: "childrens/middle-grade-fiction/spooky-stories", name: "Spooky Stories" },
          { key: "childrens/middle-grade-fiction/family-and-friendship", name: "Family & Friendship" },
          { key: "childrens/middle-grade-fiction/classic-childrens-fiction", name: "Classic Children's Fiction" },
        ],
      },
      {
        key: "childrens/childrens-nonfiction",
        name: "Children's Nonfiction",
        ontology: [
          { key: "childrens/childrens-nonfiction/animals-and-nature", name: "Animals & Nature", children: [
            { key: "childrens/childrens-nonfiction/animals-and-nature/dinosaurs-and-prehistoric-life", name: "Dinosaurs & Prehistoric Life" },
            { key: "childrens/childrens-nonfiction/animals-and-nature/pets", name: "Pets" },
            { key: "childrens/childrens-nonfiction/animals-and-nature/wild-animals", name: "Wild Animals" },
            { key: "childrens/childrens-nonfiction/animals-and-nature/ocean-life", name: "Ocean Life" },
            { key: "childrens/childrens-nonfiction/animals-and-nature/minibeasts", name: "Minibeasts" },
          ] },
          { key: "childrens/childrens-nonfiction/science-and-technology", name: "Science & Technology", children: [
            { key: "childrens/childrens-nonfiction/science-and-technology/space", name: "Space" },
            { key: "childrens/childrens-nonfiction/science-and-technology/the-human-body", name: "The Human Body" },
            { key: "childrens/childrens-nonfiction/science-and-technology/experiments", name: "Experiments" },
            { key: "childrens/childrens-nonfiction/science-and-technology/machines-and-vehicles", name: "Machines & Vehicles" },
          ] },
          { key: "childrens/childrens-nonfiction/history", name: "History", children: [
            { key: "childrens/childrens-nonfiction/history/ancient-civilisations", name: "Ancient Civilisations" },
            { key: "childrens/childrens-nonfiction/history/the-world-wars", name: "The World Wars" },
            { key: "childrens/childrens-nonfiction/history/explorers", name: "Explorers" },
          ] },
          { key: "childrens/childrens-nonfiction/geography-and-cultures", name: "Geography & Cultures" },
          { key: "childrens/childrens-nonfiction/biographies", name: "Biographies" },
          { key: "childrens/childrens-nonfiction/art-and-music", name: "Art & Music" },
          { key: "childrens/childrens-nonfiction/sports", name: "Sports" },
          { key: "childrens/childrens-nonfiction/religion-and-faith", name: "Religion & Faith" },
          { key: "childrens/childrens-nonfiction/numbers-and-maths", name: "Numbers & Maths" },
          { key: "childrens/childrens-nonfiction/wellbeing-and-growing-up", name: "Wellbeing & Growing Up" },
        ],
      },
      {
        key: "childrens/poetry-and-rhymes",
        name: "Poetry & Rhymes",
        ontology: [
          { key: "childrens/poetry-and-rhymes/nursery-rhymes", name: "Nursery Rhymes" },
          { key: "childrens/poetry-and-rhymes/poetry-collections", name: "Poetry Collections" },
          { key: "childrens/poetry-and-rhymes/songs-and-lullabies", name: "Songs & Lullabies" },
          { key: "childrens/poetry-and-rhymes/funny-verse", name: "Funny Verse" },
        ],
      },
      {
        key: "childrens/comics-and-graphic-novels",
        name: "Comics & Graphic Novels",
        ontology: [
          { key: "childrens/comics-and-graphic-novels/graphic-novels-for-young-readers", name: "Graphic Novels for Young Readers" },
          { key: "childrens/comics-and-graphic-novels/comic-annuals", name: "Comic Annuals" },
          { key: "childrens/comics-and-graphic-novels/manga-for-children", name: "Manga for Children" },
        ],
      },
      {
        key: "childrens/activity-books",
        name: "Activity Books",
        ontology: [
          { key: "childrens/activity-books/colouring-books", name: "Colouring Books" },
          { key: "childrens/activity-books/sticker-books", name: "Sticker Books" },
          { key: "childrens/activity-books/puzzle-and-maze-books", name: "Puzzle & Maze Books" },
          { key: "childrens/activity-books/craft-books", name: "Craft Books" },
          { key: "childrens/activity-books/joke-books", name: "Joke Books" },
        ],
      },
      {
        key: "childrens/childrens-reference",
        name: "Children's Reference",
        ontology: [
          { key: "childrens/childrens-reference/childrens-dictionaries", name: "Children's Dictionaries" },
          { key: "childrens/childrens-reference/childrens-encyclopaedias", name: "Children's Encyclopaedias" },
          { key: "childrens/childrens-reference/childrens-atlases", name: "Children's Atlases" },
        ],
      },
      {
        key: "childrens/school-workbooks",
        name: "School Workbooks",
        ontology: [
          { key: "childrens/school-workbooks/english-practice", name: "English Practice" },
          { key: "childrens/school-workbooks/maths-practice", name: "Maths Practice" },
          { key: "childrens/school-workbooks/science-practice", name: "Science Practice" },
          { key: "childrens/school-workbooks/handwriting", name: "Handwriting" },
        ],
      },
    ],
  },
  {
    key: "young-adult",
    name: "Young Adult",
    genres: [
      {
        key: "young-adult/fantasy",
        name: "Fantasy",
        ontology: [
          { key: "young-adult/fantasy/epic-and-high-fantasy", name: "Epic & High Fantasy" },
          { key: "young-adult/fantasy/urban-and-paranormal-fantasy", name: "Urban & Paranormal Fantasy", children: [
            { key: "young-adult/fantasy/urban-and-paranormal-fantasy/vampires-and-werewolves", name: "Vampires & Werewolves" },
            { key: "young-adult/fantasy/urban-and-paranormal-fantasy/witches-and-magic-users", name: "Witches & Magic Users" },
            { key: "young-adult/fantasy/urban-and-paranormal-fantasy/fae", name: "Fae" },
          ] },
          { key: "young-adult/fantasy/dark-fantasy", name: "Dark Fantasy" },
          { key: "young-adult/fantasy/fairy-tale-retellings", name: "Fairy Tale Retellings" },
          { key: "young-adult/fantasy/romantasy", name: "Romantasy" },
          { key: "young-adult/fantasy/magic-schools", name: "Magic Schools" },
        ],
      },
      {
        key: "young-adult/science-fiction",
        name: "Science Fiction",
        ontology: [
          { key: "young-adult/science-fiction/dystopian", name: "Dystopian" },
          { key: "young-adult/science-fiction/post-apocalyptic", name: "Post-Apocalyptic" },
          { key: "young-adult/science-fiction/space-adventure", name: "Space Adventure" },
          { key: "young-adult/science-fiction/aliens-and-first-contact", name: "Aliens & First Contact" },
          { key: "young-adult/science-fiction/time-travel", name: "Time Travel" },
          { key: "young-adult/science-fiction/superpowers", name: "Superpowers" },
        ],
      },
      {
        key: "young-adult/romance",
        name: "Romance",
        ontology: [
          { key: "young-adult/romance/contemporary-romance", name: "Contemporary Romance" },
          { key: "young-adult/romance/romantic-comedy", name: "Romantic Comedy" },
          { key: "young-adult/romance/lgbtq-romance", name: "LGBTQ+ Romance" },
          { key: "young-adult/romance/paranormal-romance", name: "Paranormal Romance" },
          { key: "young-adult/romance/historical-romance", name: "Historical Romance" },
        ],
      },
      {
        key: "young-adult/contemporary-fiction",
        name: "Contemporary Fiction",
        ontology: [
          { key: "young-adult/contemporary-fiction/coming-of-age", name: "Coming of Age" },
          { key: "young-adult/contemporary-fiction/social-issues", name: "Social Issues", children: [
            { key: "young-adult/contemporary-fiction/social-issues/bullying", name: "Bullying" },
            { key: "young-adult/contemporary-fiction/social-issues/mental-health", name: "Mental Health" },
            { key: "young-adult/contemporary-fiction/social-issues/identity-and-belonging", name: "Identity & Belonging" },
            { key: "young-adult/contemporary-fiction/social-issues/substance-abuse", name: "Substance Abuse" },
            { key: "young-adult/contemporary-fiction/social-issues/racism-and-prejudice", name: "Racism & Prejudice" },
          ] },
          { key: "young-adult/contemporary-fiction/family", name: "Family" },
          { key: "young-adult/contemporary-fiction/friendship", name: "Friendship" },
          { key: "young-adult/contemporary-fiction/school-life", name: "School Life" },
          { key: "young-adult/contemporary-fiction/sports-stories", name: "Sports Stories" },
        ],
      },
      {
        key: "young-adult/mystery-and-thriller",
        name: "Mystery & Thriller",
        ontology: [
          { key: "young-adult/mystery-and-thriller/murder-mysteries", name: "Murder Mysteries" },
          { key: "young-adult/mystery-and-thriller/psychological-thrillers", name: "Psychological Thrillers" },
          { key: "young-adult/mystery-and-thriller/spy-stories", name: "Spy Stories" },
          { key: "young-adult/mystery-and-thriller/heists", name: "Heists" },
          { key: "young-adult/mystery-and-thriller/survival-stories", name: "Survival Stories" },
        ],
      },
      {
        key: "young-adult/horror",
        name: "Horror",
        ontology: [
          { key: "young-adult/horror/ghost-stories", name: "Ghost Stories" },
          { key: "young-adult/horror/supernatural-horror", name: "Supernatural Horror" },
          { key: "young-adult/horror/monsters", name: "Monsters" },
          { key: "young-adult/horror/slasher", name: "Slasher" },
        ],
      },
      {
        key: "young-adult/historical-fiction",
        name: "Historical Fiction",
        ontology: [
          { key: "young-adult/historical-fiction/ancient-and-medieval", name: "Ancient & Medieval" },
          { key: "young-adult/historical-fiction/early-modern", name: "Early Modern" },
          { key: "young-adult/historical-fiction/world-wars", name: "World Wars" },
          { key: "young-adult/historical-fiction/twentieth-century", name: "Twentieth Century" },
        ],
      },
      {
        key: "young-adult/graphic-novels-and-manga",
        name: "Graphic Novels & Manga",
        ontology: [
          { key: "young-adult/graphic-novels-and-manga/graphic-novels", name: "Graphic Novels" },
          { key: "young-adult/graphic-novels-and-manga/manga", name: "Manga" },
          { key: "young-adult/graphic-novels-and-manga/webtoons", name: "Webtoons" },
        ],
      },
      {
        key: "young-adult/poetry-and-verse-novels",
        name: "Poetry & Verse Novels",
        ontology: [
          { key: "young-adult/poetry-and-verse-novels/verse-novels", name: "Verse Novels" },
          { key: "young-adult/poetry-and-verse-novels/poetry-collections", name: "Poetry Collections" },
          { key: "young-adult/poetry-and-verse-novels/spoken-word", name: "Spoken Word" },
        ],
      },
      {
        key: "young-adult/nonfiction",
        name: "Nonfiction",
        ontology: [
          { key: "young-adult/nonfiction/biography-and-memoir", name: "Biography & Memoir" },
          { key: "young-adult/nonfiction/personal-growth", name: "Personal Growth" },
          { key: "young-adult/nonfiction/social-activism", name: "Social Activism" },
          { key: "young-adult/nonfiction/health-and-relationships", name: "Health & Relationships" },
          { key: "young-adult/nonfiction/history", name: "History" },
          { key: "young-adult/nonfiction/science-and-technology", name: "Science & Technology" },
          { key: "young-adult/nonfiction/study-and-careers", name: "Study & Careers" },
        ],
      },
    ],
  },
  {
    key: "reference",
    name: "Reference",
    genres: [
      {
        key: "reference/dictionaries",
        name: "Dictionaries",
        ontology: [
          { key: "reference/dictionaries/english-dictionaries", name: "English Dictionaries", children: [
            { key: "reference/dictionaries/english-dictionaries/desk-and-concise-dictionaries", name: "Desk & Concise Dictionaries" },
            { key: "reference/dictionaries/english-dictionaries/unabridged-dictionaries", name: "Unabridged Dictionaries" },
            { key: "reference/dictionaries/english-dictionaries/etymological-dictionaries", name: "Etymological Dictionaries" },
            { key: "reference/dictionaries/english-dictionaries/slang-and-idiom-dictionaries", name: "Slang & Idiom Dictionaries" },
          ] },
          { key: "reference/dictionaries/bilingual-dictionaries", name: "Bilingual Dictionaries", children: [
            { key: "reference/dictionaries/bilingual-dictionaries/french-english", name: "French–English" },
            { key: "reference/dictionaries/bilingual-dictionaries/german-english", name: "German–English" },
            { key: "reference/dictionaries/bilingual-dictionaries/spanish-english", name: "Spanish–English" },
            { key: "reference/dictionaries/bilingual-dictionaries/italian-english", name: "Italian–English" },
            { key: "reference/dictionaries/bilingual-dictionaries/chinese-english", name: "Chinese–English" },
            { key: "reference/dictionaries/bilingual-dictionaries/japanese-english", name: "Japanese–English" },
            { key: "reference/dictionaries/bilingual-dictionaries/arabic-english", name: "Arabic–English" },
          ] },
          { key: "reference/dictionaries/thesauri", name: "Thesauri" },
          { key: "reference/dictionaries/subject-dictionaries", name: "Subject Dictionaries", children: [
            { key: "reference/dictionaries/subject-dictionaries/medical-dictionaries", name: "Medical Dictionaries" },
            { key: "reference/dictionaries/subject-dictionaries/legal-dictionaries", name: "Legal Dictionaries" },
            { key: "reference/dictionaries/subject-dictionaries/scientific-dictionaries", name: "Scientific Dictionaries" },
          ] },
        ],
      },
      {
        key: "reference/encyclopaedias-and-general-knowledge",
        name: "Encyclopaedias & General Knowledge",
        ontology: [
          { key: "reference/encyclopaedias-and-general-knowledge/general-encyclopaedias", name: "General Encyclopaedias" },
          { key: "reference/encyclopaedias-and-general-knowledge/subject-encyclopaedias", name: "Subject Encyclopaedias" },
          { key: "reference/encyclopaedias-and-general-knowledge/almanacs-and-yearbooks", name: "Almanacs & Yearbooks" },
          { key: "reference/encyclopaedias-and-general-knowledge/records-and-fact-books", name: "Records & Fact Books" },
        ],
      },
      {
        key: "reference/atlases-and-maps",
        name: "Atlases & Maps",
        ontology: [
          { key: "reference/atlases-and-maps/world-atlases", name: "World Atlases" },
          { key: "reference/atlases-and-maps/road-atlases", name: "Road Atlases" },
          { key: "reference/atlases-and-maps/historical-atlases", name: "Historical Atlases" },
          { key: "reference/atlases-and-maps/star-atlases", name: "Star Atlases" },
          { key: "reference/atlases-and-maps/sheet-maps", name: "Sheet Maps", children: [
            { key: "reference/atlases-and-maps/sheet-maps/walking-maps", name: "Walking Maps" },
            { key: "reference/atlases-and-maps/sheet-maps/city-maps", name: "City Maps" },
          ] },
        ],
      },
      {
        key: "reference/language-learning",
        name: "Language Learning",
        ontology: [
          { key: "reference/language-learning/european-languages", name: "European Languages", children: [
            { key: "reference/language-learning/european-languages/french", name: "French" },
            { key: "reference/language-learning/european-languages/german", name: "German" },
            { key: "reference/language-learning/european-languages/spanish", name: "Spanish" },
            { key: "reference/language-learning/european-languages/italian", name: "Italian" },
            { key: "reference/language-learning/european-languages/portuguese", name: "Portuguese" },
            { key: "reference/language-learning/european-languages/russian", name: "Russian" },
            { key: "reference/language-learning/european-languages/modern-greek", name: "Modern Greek" },
          ] },
          { key: "reference/language-learning/asian-languages", name: "Asian Languages", children: [
            { key: "reference/language-learning/asian-languages/mandarin-chinese", name: "Mandarin Chinese" },
            { key: "reference/language-learning/asian-languages/japanese", name: "Japanese" },
            { key: "reference/language-learning/asian-languages/korean", name: "Korean" },
            { key: "reference/language-learning/asian-languages/hindi", name: "Hindi" },
          ] },
          { key: "reference/language-learning/middle-eastern-languages", name: "Middle Eastern Languages", children: [
            { key: "reference/language-learning/middle-eastern-languages/arabic", name: "Arabic" },
            { key: "reference/language-learning/middle-eastern-languages/hebrew", name: "Hebrew" },
            { key: "reference/language-learning/middle-eastern-languages/persian", name: "Persian" },
            { key: "reference/language-learning/middle-eastern-languages/turkish", name: "Turkish" },
          ] },
          { key: "reference/language-learning/classical-languages", name: "Classical Languages", children: [
            { key: "reference/language-learning/classical-languages/latin", name: "Latin" },
            { key: "reference/language-learning/classical-languages/ancient-greek", name: "Ancient Greek" },
          ] },
          { key: "reference/language-learning/sign-languages", name: "Sign Languages" },
          { key: "reference/language-learning/english-as-a-foreign-language", name: "English as a Foreign Language", children: [
            { key: "reference/language-learning/english-as-a-foreign-language/english-proficiency-exams", name: "English Proficiency Exams" },
            { key: "reference/language-learning/english-as-a-foreign-language/business-english", name: "Business English" },
            { key: "reference/language-learning/english-as-a-foreign-language/grammar-and-vocabulary", name: "Grammar & Vocabulary" },
          ] },
          { key: "reference/language-learning/phrasebooks", name: "Phrasebooks" },
        ],
      },
      {
        key: "reference/writing-and-style",
        name: "Writing & Style",
        ontology: [
          { key: "reference/writing-and-style/style-manuals", name: "Style Manuals" },
          { key: "reference/writing-and-style/grammar-and-usage", name: "Grammar & Usage" },
          { key: "reference/writing-and-style/writing-guides", name: "Writing Guides", children: [
            { key: "reference/writing-and-style/writing-guides/creative-writing", name: "Creative Writing" },
            { key: "reference/writing-and-style/writing-guides/academic-writing", name: "Academic Writing" },
            { key: "reference/writing-and-style/writing-guides/business-writing", name: "Business Writing" },
            { key: "reference/writing-and-style/writing-guides/journalism", name: "Journalism" },
          ] },
          { key: "reference/writing-and-style/publishing-and-self-publishing", name: "Publishing & Self-Publishing" },
        ],
      },
      {
        key: "reference/quotations-and-proverbs",
        name: "Quotations & Proverbs",
        ontology: [
          { key: "reference/quotations-and-proverbs/dictionaries-of-quotations", name: "Dictionaries of Quotations" },
          { key: "reference/quotations-and-proverbs/proverbs-and-sayings", name: "Proverbs & Sayings" },
          { key: "reference/quotations-and-proverbs/famous-speeches", name: "Famous Speeches" },
        ],
      },
      {
        key: "reference/genealogy-and-heraldry",
        name: "Genealogy & Heraldry",
        ontology: [
          { key: "reference/genealogy-and-heraldry/family-history-research", name: "Family History Research" },
          { key: "reference/genealogy-and-heraldry/heraldry", name: "Heraldry" },
          { key: "reference/genealogy-and-heraldry/names", name: "Names", children: [
            { key: "reference/genealogy-and-heraldry/names/baby-names", name: "Baby Names" },
            { key: "reference/genealogy-and-heraldry/names/surnames", name: "Surnames" },
            { key: "reference/genealogy-and-heraldry/names/place-names", name: "Place Names" },
          ] },
        ],
      },
      {
        key: "reference/books-and-libraries",
        name: "Books & Libraries",
        ontology: [
          { key: "reference/books-and-libraries/library-and-information-science", name: "Library & Information Science" },
          { key: "reference/books-and-libraries/bibliographies", name: "Bibliographies" },
          { key: "reference/books-and-libraries/book-collecting", name: "Book Collecting" },
          { key: "reference/books-and-libraries/history-of-the-book", name: "History of the Book" },
        ],
      },
    ],
  },
  {
    key: "academic-and-textbooks",
    name: "Academic & Textbooks",
    genres: [
      {
        key: "academic-and-textbooks/study-aids-and-exam-preparation",
        name: "Study Aids & Exam Preparation",
        ontology: [
          { key: "academic-and-textbooks/study-aids-and-exam-preparation/school-exam-revision", name: "School Exam Revision", children: [
            { key: "academic-and-textbooks/study-aids-and-exam-preparation/school-exam-revision/primary-school-tests", name: "Primary School Tests" },
            { key: "academic-and-textbooks/study-aids-and-exam-preparation/school-exam-revision/secondary-school-exams", name: "Secondary School Exams" },
            { key: "academic-and-textbooks/study-aids-and-exam-preparation/school-exam-revision/pre-university-exams", name: "Pre-University Exams" },
          ] },
          { key: "academic-and-textbooks/study-aids-and-exam-preparation/university-admissions-tests", name: "University Admissions Tests" },
          { key: "academic-and-textbooks/study-aids-and-exam-preparation/professional-and-licensing-exams", name: "Professional & Licensing Exams", children: [
            { key: "academic-and-textbooks/study-aids-and-exam-preparation/professional-and-licensing-exams/accountancy-exams", name: "Accountancy Exams" },
            { key: "academic-and-textbooks/study-aids-and-exam-preparation/professional-and-licensing-exams/bar-exams", name: "Bar Exams" },
            { key: "academic-and-textbooks/study-aids-and-exam-preparation/professional-and-licensing-exams/medical-licensing-exams", name: "Medical Licensing Exams" },
          ] },
          { key: "academic-and-textbooks/study-aids-and-exam-preparation/study-guides-and-literature-notes", name: "Study Guides & Literature Notes" },
          { key: "academic-and-textbooks/study-aids-and-exam-preparation/study-skills", name: "Study Skills" },
        ],
      },
      {
        key: "academic-and-textbooks/arts-and-humanities",
        name: "Arts & Humanities",
        ontology: [
          { key: "academic-and-textbooks/arts-and-humanities/classics", name: "Classics", children: [
            { key: "academic-and-textbooks/arts-and-humanities/classics/greek-and-latin-texts", name: "Greek & Latin Texts" },
            { key: "academic-and-textbooks/arts-and-humanities/classics/classical-civilisation", name: "Classical Civilisation" },
          ] },
          { key: "academic-and-textbooks/arts-and-humanities/historical-studies", name: "Historical Studies", children: [
            { key: "academic-and-textbooks/arts-and-humanities/historical-studies/historiography", name: "Historiography" },
            { key: "academic-and-textbooks/arts-and-humanities/historical-studies/historical-methods", name: "Historical Methods" },
          ] },
          { key: "academic-and-textbooks/arts-and-humanities/linguistics", name: "Linguistics", children: [
            { key: "academic-and-textbooks/arts-and-humanities/linguistics/phonetics-and-phonology", name: "Phonetics & Phonology" },
            { key: "academic-and-textbooks/arts-and-humanities/linguistics/syntax-and-morphology", name: "Syntax & Morphology" },
            { key: "academic-and-textbooks/arts-and-humanities/linguistics/sociolinguistics", name: "Sociolinguistics" },
            { key: "academic-and-textbooks/arts-and-humanities/linguistics/applied-linguistics", name: "Applied Linguistics" },
          ] },
          { key: "academic-and-textbooks/arts-and-humanities/english-language-and-literature", name: "English Language & Literature", children: [
            { key: "academic-and-textbooks/arts-and-humanities/english-language-and-literature/literature-anthologies-for-study", name: "Literature Anthologies for Study" },
            { key: "academic-and-textbooks/arts-and-humanities/english-language-and-literature/composition-and-rhetoric", name: "Composition & Rhetoric" },
          ] },
          { key: "academic-and-textbooks/arts-and-humanities/music-theory", name: "Music Theory" },
          { key: "academic-and-textbooks/arts-and-humanities/theology-and-religious-studies", name: "Theology & Religious Studies" },
          { key: "academic-and-textbooks/arts-and-humanities/philosophy-textbooks", name: "Philosophy Textbooks" },
        ],
      },
      {
        key: "academic-and-textbooks/social-sciences",
        name: "Social Sciences",
        ontology: [
          { key: "academic-and-textbooks/social-sciences/psychology", name: "Psychology", children: [
            { key: "academic-and-textbooks/social-sciences/psychology/clinical-psychology", name: "Clinical Psychology" },
            { key: "academic-and-textbooks/social-sciences/psychology/developmental-psychology", name: "Developmental Psychology" },
            { key: "academic-and-textbooks/social-sciences/psychology/cognitive-psychology", name: "Cognitive Psychology" },
            { key: "academic-and-textbooks/social-sciences/psychology/research-methods-in-psychology", name: "Research Methods in Psychology" },
          ] },
          { key: "academic-and-textbooks/social-sciences/sociology", name: "Sociology" },
          { key: "academic-and-textbooks/social-sciences/anthropology", name: "Anthropology" },
          { key: "academic-and-textbooks/social-sciences/politics-and-international-studies", name: "Politics & International Studies" },
          { key: "academic-and-textbooks/social-sciences/human-geography", name: "Human Geography" },
          { key: "academic-and-textbooks/social-sciences/criminology", name: "Criminology" },
          { key: "academic-and-textbooks/social-sciences/social-work", name: "Social Work" },
          { key: "academic-and-textbooks/social-sciences/education-studies", name: "Education Studies" },
        ],
      },
      {
        key: "academic-and-textbooks/business-and-economics",
        name: "Business & Economics",
        ontology: [
          { key: "academic-and-textbooks/business-and-economics/accounting-and-finance", name: "Accounting & Finance", children: [
            { key: "academic-and-textbooks/business-and-economics/accounting-and-finance/financial-accounting", name: "Financial Accounting" },
            { key: "academic-and-textbooks/business-and-economics/accounting-and-finance/management-accounting", name: "Management Accounting" },
            { key: "academic-and-textbooks/business-and-economics/accounting-and-finance/corporate-finance", name: "Corporate Finance" },
          ] },
          { key: "academic-and-textbooks/business-and-economics/economics", name: "Economics", children: [
            { key: "academic-and-textbooks/business-and-economics/economics/microeconomic-theory", name: "Microeconomic Theory" },
            { key: "academic-and-textbooks/business-and-economics/economics/macroeconomic-theory", name: "Macroeconomic Theory" },
            { key: "academic-and-textbooks/business-and-economics/economics/econometrics", name: "Econometrics" },
            { key: "academic-and-textbooks/business-and-economics/economics/international-economics", name: "International Economics" },
          ] },
          { key: "academic-and-textbooks/business-and-economics/management", name: "Management", children: [
            { key: "academic-and-textbooks/business-and-economics/management/organisational-behaviour", name: "Organisational Behaviour" },
            { key: "academic-and-textbooks/business-and-economics/management/operations-management", name: "Operations Management" },
            { key: "academic-and-textbooks/business-and-economics/management/strategic-management", name: "Strategic Management" },
          ] },
          { key: "academic-and-textbooks/business-and-economics/marketing", name: "Marketing" },
        ],
      },
      {
        key: "academic-and-textbooks/law",
        name: "Law",
        ontology: [
          { key: "academic-and-textbooks/law/constitutional-and-administrative-law", name: "Constitutional & Administrative Law" },
          { key: "academic-and-textbooks/law/criminal-law", name: "Criminal Law" },
          { key: "academic-and-textbooks/law/contract-law", name: "Contract Law" },
          { key: "academic-and-textbooks/law/tort-law", name: "Tort Law" },
          { key: "academic-and-textbooks/law/property-law", name: "Property Law" },
          { key: "academic-and-textbooks/law/family-law", name: "Family Law" },
          { key: "academic-and-textbooks/law/company-and-commercial-law", name: "Company & Commercial Law" },
          { key: "academic-and-textbooks/law/employment-law", name: "Employment Law" },
          { key: "academic-and-textbooks/law/international-law", name: "International Law", children: [
            { key: "academic-and-textbooks/law/international-law/human-rights-law", name: "Human Rights Law" },
            { key: "academic-and-textbooks/law/international-law/international-trade-law", name: "International Trade Law" },
          ] },
          { key: "academic-and-textbooks/law/jurisprudence", name: "Jurisprudence" },
          { key: "academic-and-textbooks/law/legal-skills-and-method", name: "Legal Skills & Method" },
        ],
      },
      {
        key: "academic-and-textbooks/mathematics-and-statistics",
        name: "Mathematics & Statistics",
        ontology: [
          { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics", name: "Pure Mathematics", children: [
            { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/algebra", name: "Algebra", children: [
              { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/algebra/linear-algebra", name: "Linear Algebra" },
              { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/algebra/abstract-algebra", name: "Abstract Algebra" },
            ] },
            { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/analysis", name: "Analysis", children: [
              { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/analysis/real-analysis", name: "Real Analysis" },
              { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/analysis/complex-analysis", name: "Complex Analysis" },
            ] },
            { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/geometry-and-topology", name: "Geometry & Topology" },
            { key: "academic-and-textbooks/mathematics-and-statistics/pure-mathematics/number-theory", name: "Number Theory" },
          ] },
          { key: "academic-and-textbooks/mathematics-and-statistics/applied-mathematics", name: "Applied Mathematics", children: [
            { key: "academic-and-textbooks/mathematics-and-statistics/applied-mathematics/differential-equations", name: "Differential Equations" },
            { key: "academic-and-textbooks/mathematics-and-statistics/applied-mathematics/numerical-analysis", name: "Numerical Analysis" },
            { key: "academic-and-textbooks/mathematics-and-statistics/applied-mathematics/mathematical-modelling", name: "Mathematical Modelling" },
          ] },
          { key: "academic-and-textbooks/mathematics-and-statistics/statistics-and-probability", name: "Statistics & Probability", children: [
            { key: "academic-and-textbooks/mathematics-and-statistics/statistics-and-probability/probability-theory", name: "Probability Theory" },
            { key: "academic-and-textbooks/mathematics-and-statistics/statistics-and-probability/statistical-inference", name: "Statistical Inference" },
            { key: "academic-and-textbooks/mathematics-and-statistics/statistics-and-probability/bayesian-statistics", name: "Bayesian Statistics" },
          ] },
          { key: "academic-and-textbooks/mathematics-and-statistics/calculus", name: "Calculus" },
          { key: "academic-and-textbooks/mathematics-and-statistics/discrete-mathematics", name: "Discrete Mathematics" },
        ],
      },
      {
        key: "academic-and-textbooks/natural-sciences",
        name: "Natural Sciences",
        ontology: [
          { key: "academic-and-textbooks/natural-sciences/physics", name: "Physics", children: [
            { key: "academic-and-textbooks/natural-sciences/physics/classical-mechanics", name: "Classical Mechanics" },
            { key: "academic-and-textbooks/natural-sciences/physics/electromagnetism", name: "Electromagnetism" },
            { key: "academic-and-textbooks/natural-sciences/physics/quantum-mechanics", name: "Quantum Mechanics" },
            { key: "academic-and-textbooks/natural-sciences/physics/thermodynamics-and-statistical-mechanics", name: "Thermodynamics & Statistical Mechanics" },
            { key: "academic-and-textbooks/natural-sciences/physics/astrophysics", name: "Astrophysics" },
          ] },
          { key: "academic-and-textbooks/natural-sciences/chemistry", name: "Chemistry", children: [
            { key: "academic-and-textbooks/natural-sciences/chemistry/organic-chemistry", name: "Organic Chemistry" },
            { key: "academic-and-textbooks/natural-sciences/chemistry/inorganic-chemistry", name: "Inorganic Chemistry" },
            { key: "academic-and-textbooks/natural-sciences/chemistry/physical-chemistry", name: "Physical Chemistry" },
            { key: "academic-and-textbooks/natural-sciences/chemistry/analytical-chemistry", name: "Analytical Chemistry" },
          ] },
          { key: "academic-and-textbooks/natural-sciences/biology", name: "Biology", children: [
            { key: "academic-and-textbooks/natural-sciences/biology/cell-and-molecular-biology", name: "Cell & Molecular Biology" },
            { key: "academic-and-textbooks/natural-sciences/biology/biochemistry", name: "Biochemistry" },
            { key: "academic-and-textbooks/natural-sciences/biology/genetics", name: "Genetics" },
            { key: "academic-and-textbooks/natural-sciences/biology/ecology", name: "Ecology" },
            { key: "academic-and-textbooks/natural-sciences/biology/microbiology", name: "Microbiology" },
            { key: "academic-and-textbooks/natural-sciences/biology/zoology", name: "Zoology" },
            { key: "academic-and-textbooks/natural-sciences/biology/botany", name: "Botany" },
          ] },
          { key: "academic-and-textbooks/natural-sciences/earth-and-environmental-sciences", name: "Earth & Environmental Sciences", children: [
            { key: "academic-and-textbooks/natural-sciences/earth-and-environmental-sciences/geology", name: "Geology" },
            { key: "academic-and-textbooks/natural-sciences/earth-and-environmental-sciences/environmental-science", name: "Environmental Science" },
            { key: "academic-and-textbooks/natural-sciences/earth-and-environmental-sciences/meteorology-and-climatology", name: "Meteorology & Climatology" },
          ] },
        ],
      },
      {
        key: "academic-and-textbooks/computer-science",
        name: "Computer Science",
        ontology: [
          { key: "academic-and-textbooks/computer-science/algorithms-and-data-structures", name: "Algorithms & Data Structures" },
          { key: "academic-and-textbooks/computer-science/programming-fundamentals", name: "Programming Fundamentals" },
          { key: "academic-and-textbooks/computer-science/computer-architecture", name: "Computer Architecture" },
          { key: "academic-and-textbooks/computer-science/operating-systems", name: "Operating Systems" },
          { key: "academic-and-textbooks/computer-science/theory-of-computation", name: "Theory of Computation" },
          { key: "academic-and-textbooks/computer-science/artificial-intelligence-and-machine-learning", name: "Artificial Intelligence & Machine Learning" },
          { key: "academic-and-textbooks/computer-science/database-systems", name: "Database Systems" },
          { key: "academic-and-textbooks/computer-science/computer-networks", name: "Computer Networks" },
          { key: "academic-and-textbooks/computer-science/software-engineering", name: "Software Engineering" },
        ],
      },
      {
        key: "academic-and-textbooks/engineering",
        name: "Engineering",
        ontology: [
          { key: "academic-and-textbooks/engineering/civil-and-structural-engineering", name: "Civil & Structural Engineering", children: [
            { key: "academic-and-textbooks/engineering/civil-and-structural-engineering/structural-analysis", name: "Structural Analysis" },
            { key: "academic-and-textbooks/engineering/civil-and-structural-engineering/geotechnical-engineering", name: "Geotechnical Engineering" },
          ] },
          { key: "academic-and-textbooks/engineering/mechanical-engineering", name: "Mechanical Engineering", children: [
            { key: "academic-and-textbooks/engineering/mechanical-engineering/fluid-mechanics", name: "Fluid Mechanics" },
            { key: "academic-and-textbooks/engineering/mechanical-engineering/materials-science", name: "Materials Science" },
          ] },
          { key: "academic-and-textbooks/engineering/electrical-and-electronic-engineering", name: "Electrical & Electronic Engineering", children: [
            { key: "academic-and-textbooks/engineering/electrical-and-electronic-engineering/circuit-analysis", name: "Circuit Analysis" },
            { key: "academic-and-textbooks/engineering/electrical-and-electronic-engineering/signal-processing", name: "Signal Processing" },
            { key: "academic-and-textbooks/engineering/electrical-and-electronic-engineering/control-systems", name: "Control Systems" },
          ] },
          { key: "academic-and-textbooks/engineering/chemical-engineering", name: "Chemical Engineering" },
        ],
      },
      {
        key: "academic-and-textbooks/medicine-and-health-sciences",
        name: "Medicine & Health Sciences",
        ontology: [
          { key: "academic-and-textbooks/medicine-and-health-sciences/preclinical-sciences", name: "Preclinical Sciences", children: [
            { key: "academic-and-textbooks/medicine-and-health-sciences/preclinical-sciences/anatomy", name: "Anatomy" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/preclinical-sciences/physiology", name: "Physiology" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/preclinical-sciences/pharmacology", name: "Pharmacology" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/preclinical-sciences/pathology", name: "Pathology" },
          ] },
          { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine", name: "Clinical Medicine", children: [
            { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/internal-medicine", name: "Internal Medicine", children: [
              { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/internal-medicine/cardiology", name: "Cardiology" },
              { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/internal-medicine/gastroenterology", name: "Gastroenterology" },
              { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/internal-medicine/respiratory-medicine", name: "Respiratory Medicine" },
              { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/internal-medicine/endocrinology", name: "Endocrinology" },
            ] },
            { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/surgery", name: "Surgery" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/paediatrics", name: "Paediatrics" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/obstetrics-and-gynaecology", name: "Obstetrics & Gynaecology" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/psychiatry", name: "Psychiatry" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/clinical-medicine/general-practice", name: "General Practice" },
          ] },
          { key: "academic-and-textbooks/medicine-and-health-sciences/nursing", name: "Nursing", children: [
            { key: "academic-and-textbooks/medicine-and-health-sciences/nursing/adult-nursing", name: "Adult Nursing" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/nursing/mental-health-nursing", name: "Mental Health Nursing" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/nursing/midwifery", name: "Midwifery" },
          ] },
          { key: "academic-and-textbooks/medicine-and-health-sciences/dentistry", name: "Dentistry" },
          { key: "academic-and-textbooks/medicine-and-health-sciences/pharmacy", name: "Pharmacy" },
          { key: "academic-and-textbooks/medicine-and-health-sciences/public-health", name: "Public Health", children: [
            { key: "academic-and-textbooks/medicine-and-health-sciences/public-health/epidemiology", name: "Epidemiology" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/public-health/health-policy", name: "Health Policy" },
          ] },
          { key: "academic-and-textbooks/medicine-and-health-sciences/allied-health", name: "Allied Health", children: [
            { key: "academic-and-textbooks/medicine-and-health-sciences/allied-health/physiotherapy", name: "Physiotherapy" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/allied-health/occupational-therapy", name: "Occupational Therapy" },
            { key: "academic-and-textbooks/medicine-and-health-sciences/allied-health/nutrition-and-dietetics", name: "Nutrition & Dietetics" },
          ] },
          { key: "academic-and-textbooks/medicine-and-health-sciences/veterinary-medicine", name: "Veterinary Medicine" },
        ],
      },
    ],
  },
];
