// Word lists for the generated catalog. Plain lowercase ASCII only, so that SQL lower() and the service's
// normalizeForSearch() fold every stored title and name the same way.
// Earlier entries are picked more often (skewed choice in seed.ts), as in real catalogs.

export const TITLE_ADJECTIVES = [
  'last', 'silent', 'lost', 'dark', 'hidden', 'golden', 'broken', 'secret', 'little', 'long',
  'forgotten', 'burning', 'winter', 'summer', 'final', 'wild', 'quiet', 'crimson', 'iron', 'silver',
  'ancient', 'endless', 'bitter', 'sweet', 'falling', 'rising', 'distant', 'empty', 'frozen', 'glass',
  'hollow', 'invisible', 'lonely', 'midnight', 'northern', 'southern', 'eastern', 'western', 'pale', 'quiet',
  'restless', 'sacred', 'scarlet', 'shattered', 'shining', 'sleeping', 'stolen', 'strange', 'sunken', 'tender',
  'twisted', 'wandering', 'wicked', 'wooden', 'young', 'black', 'white', 'blue', 'green', 'red',
  'brave', 'cruel', 'dying', 'eternal', 'fallen', 'fierce', 'gentle', 'grey', 'haunted', 'honest',
  'imperfect', 'jealous', 'kind', 'lucky', 'mad', 'narrow', 'open', 'painted', 'perfect', 'proud',
  'ragged', 'savage', 'second', 'small', 'stone', 'tall', 'thin', 'unfinished', 'velvet', 'violent',
  'warm', 'weary', 'whispering', 'wounded', 'amber', 'ashen', 'bright', 'cold', 'deep', 'early',
  'faithful', 'hungry', 'infinite', 'lesser', 'mortal', 'nameless', 'obscure', 'private', 'remote', 'salt',
  'savage', 'sudden', 'tangled', 'unquiet', 'vanishing', 'waking', 'weeping', 'yellow', 'zealous', 'autumn',
];

export const TITLE_NOUNS = [
  'river', 'house', 'night', 'city', 'garden', 'sea', 'king', 'road', 'shadow', 'light',
  'heart', 'storm', 'island', 'world', 'war', 'queen', 'moon', 'fire', 'forest', 'stars',
  'winter', 'time', 'blood', 'sky', 'mountain', 'kingdom', 'daughter', 'son', 'wind', 'dream',
  'memory', 'book', 'child', 'door', 'empire', 'secret', 'silence', 'song', 'tower', 'water',
  'ashes', 'bones', 'bridge', 'crown', 'dawn', 'desert', 'dust', 'echo', 'field', 'flame',
  'ghost', 'glass', 'harbor', 'hunter', 'journey', 'lake', 'letter', 'map', 'mirror', 'north',
  'ocean', 'orchard', 'palace', 'path', 'prince', 'rain', 'rose', 'sand', 'shore', 'sister',
  'smoke', 'snow', 'soldier', 'stone', 'summer', 'sun', 'sword', 'thief', 'thread', 'throne',
  'tide', 'valley', 'voice', 'wall', 'widow', 'wolf', 'wings', 'year', 'archive', 'atlas',
  'bell', 'brother', 'candle', 'castle', 'cathedral', 'circle', 'clock', 'coast', 'country', 'dragon',
  'engine', 'exile', 'feather', 'ferry', 'frontier', 'gate', 'god', 'harvest', 'horizon', 'inheritance',
  'keeper', 'ladder', 'lantern', 'library', 'machine', 'marsh', 'meadow', 'merchant', 'mill', 'mother',
  'father', 'nation', 'oath', 'pilgrim', 'poet', 'prophet', 'quarry', 'raven', 'reckoning', 'republic',
  'ruin', 'sailor', 'scholar', 'season', 'serpent', 'shepherd', 'signal', 'spring', 'station', 'stranger',
  'street', 'surgeon', 'tailor', 'teacher', 'temple', 'theory', 'traveler', 'treaty', 'tunnel', 'village',
  'vineyard', 'violin', 'voyage', 'warden', 'weaver', 'well', 'wilderness', 'witness', 'woman', 'man',
  'apprentice', 'bargain', 'beacon', 'blade', 'cartographer', 'chronicle', 'compass', 'covenant', 'daylight', 'debt',
  'diary', 'doctrine', 'drum', 'emperor', 'fable', 'famine', 'fortune', 'fountain', 'furnace', 'glacier',
  'gospel', 'granary', 'hearth', 'heir', 'hymn', 'kingfisher', 'labyrinth', 'legacy', 'lighthouse', 'locksmith',
  'lullaby', 'mariner', 'mask', 'monastery', 'needle', 'nightingale', 'notebook', 'observatory', 'orphan', 'pendulum',
];

/** Words that only appear in place names, after "of" / "in". */
export const TITLE_PLACES = [
  'london', 'paris', 'avalon', 'babylon', 'venice', 'lisbon', 'prague', 'vienna', 'cairo', 'kyoto',
  'samarkand', 'toledo', 'odessa', 'dublin', 'alexandria', 'carthage', 'troy', 'antioch', 'smyrna', 'zanzibar',
  'the north', 'the south', 'the east', 'the west', 'the hills', 'the islands', 'the valley', 'the marshes',
];

export const FIRST_NAMES = [
  'john', 'mary', 'james', 'anna', 'william', 'elizabeth', 'thomas', 'margaret', 'george', 'sarah',
  'henry', 'jane', 'charles', 'emily', 'robert', 'alice', 'edward', 'helen', 'richard', 'catherine',
  'david', 'laura', 'peter', 'susan', 'michael', 'rachel', 'paul', 'ruth', 'daniel', 'clara',
  'samuel', 'grace', 'joseph', 'lucy', 'arthur', 'rose', 'frank', 'irene', 'hugh', 'julia',
  'oliver', 'martha', 'simon', 'agnes', 'walter', 'nora', 'victor', 'edith', 'harold', 'vera',
  'isaac', 'olga', 'ivan', 'maria', 'pablo', 'carmen', 'luis', 'elena', 'marco', 'giulia',
  'hans', 'greta', 'pierre', 'claire', 'jean', 'sophie', 'kenji', 'yuki', 'haruki', 'akiko',
  'ahmed', 'leila', 'omar', 'nadia', 'chinua', 'ama', 'wole', 'ngozi', 'rabindranath', 'arundhati',
  'salman', 'kiran', 'orhan', 'elif', 'milan', 'vaclav', 'stanislaw', 'wislawa', 'jorge', 'isabel',
  'gabriel', 'octavio', 'mario', 'clarice', 'jose', 'fernando', 'italo', 'elsa', 'umberto', 'natalia',
  'astrid', 'selma', 'knut', 'sigrid', 'halldor', 'tove', 'karl', 'ingrid', 'lars', 'maja',
  'ted', 'sylvia', 'seamus', 'maeve', 'brendan', 'siobhan', 'colm', 'aoife', 'niall', 'eileen',
  'ray', 'flannery', 'cormac', 'toni', 'kurt', 'ursula', 'philip', 'octavia', 'isaac', 'madeleine',
  'neil', 'terry', 'iain', 'hilary', 'kazuo', 'zadie', 'ali', 'ocean', 'hanya', 'yaa',
  'colson', 'jesmyn', 'viet', 'min', 'ted', 'nnedi', 'ken', 'ann', 'jo', 'lee',
];

export const SURNAMES = [
  'smith', 'brown', 'taylor', 'wilson', 'johnson', 'walker', 'wright', 'robinson', 'thompson', 'white',
  'hughes', 'edwards', 'green', 'hall', 'wood', 'harris', 'lewis', 'martin', 'jackson', 'clarke',
  'clark', 'turner', 'hill', 'scott', 'cooper', 'morris', 'ward', 'moore', 'king', 'watson',
  'baker', 'harrison', 'morgan', 'patel', 'young', 'allen', 'mitchell', 'james', 'anderson', 'phillips',
  'lee', 'bell', 'parker', 'davis', 'evans', 'roberts', 'williams', 'jones', 'davies', 'price',
  'bennett', 'griffiths', 'kelly', 'marshall', 'collins', 'simpson', 'stewart', 'campbell', 'murray', 'graham',
  'fletcher', 'chapman', 'hartley', 'pemberton', 'ashworth', 'blackwood', 'carrington', 'davenport', 'ellsworth', 'fairbanks',
  'gallagher', 'hawthorne', 'ingram', 'jennings', 'kingsley', 'lockhart', 'merriweather', 'northcott', 'oakley', 'prescott',
  'quinlan', 'radcliffe', 'sinclair', 'thornton', 'underwood', 'vance', 'whitaker', 'yardley', 'ashford', 'bramwell',
  'garcia', 'martinez', 'rodriguez', 'lopez', 'gonzalez', 'perez', 'sanchez', 'ramirez', 'torres', 'flores',
  'rossi', 'russo', 'ferrari', 'esposito', 'bianchi', 'romano', 'colombo', 'ricci', 'marino', 'greco',
  'muller', 'schmidt', 'schneider', 'fischer', 'weber', 'meyer', 'wagner', 'becker', 'schulz', 'hoffmann',
  'dubois', 'durand', 'lefebvre', 'moreau', 'laurent', 'simon', 'michel', 'leroy', 'roux', 'fournier',
  'novak', 'horvat', 'kowalski', 'nowak', 'wisniewski', 'dvorak', 'svoboda', 'kovacs', 'nagy', 'szabo',
  'ivanov', 'petrov', 'sokolov', 'popov', 'lebedev', 'kozlov', 'novikov', 'morozov', 'volkov', 'pavlov',
  'tanaka', 'suzuki', 'takahashi', 'watanabe', 'ito', 'yamamoto', 'nakamura', 'kobayashi', 'kato', 'yoshida',
  'kim', 'park', 'choi', 'jung', 'kang', 'cho', 'yoon', 'jang', 'lim', 'han',
  'wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou',
  'okafor', 'adeyemi', 'mensah', 'achebe', 'okonkwo', 'nwosu', 'boateng', 'owusu', 'diallo', 'traore',
  'singh', 'kumar', 'sharma', 'gupta', 'rao', 'reddy', 'nair', 'iyer', 'desai', 'mehta',
  'haddad', 'khalil', 'nasser', 'mansour', 'saleh', 'hamdan', 'farouk', 'aziz', 'karimi', 'hosseini',
  'andersson', 'johansson', 'karlsson', 'nilsson', 'eriksson', 'larsson', 'olsen', 'hansen', 'jensen', 'nielsen',
  'obrien', 'murphy', 'byrne', 'ryan', 'doyle', 'mccarthy', 'gallagher', 'doherty', 'kennedy', 'lynch',
  'silva', 'santos', 'oliveira', 'souza', 'costa', 'pereira', 'almeida', 'carvalho', 'ribeiro', 'barbosa',
  'abernathy', 'blackburn', 'cavendish', 'drummond', 'everett', 'fitzgerald', 'galloway', 'holloway', 'irving', 'jessop',
  'kettering', 'langley', 'montague', 'nightingale', 'osborne', 'pickering', 'quayle', 'rutherford', 'stanhope', 'trevelyan',
  'upton', 'vickers', 'wetherby', 'yeats', 'ainsworth', 'beaumont', 'chatterton', 'dunmore', 'eldridge', 'fenwick',
];

/**
 * Real authors seeded with fixed ids before the generated ones, each with several books, so the search phase
 * can ask for them (also spelled with accents, which the service folds away).
 */
export const FAMOUS_AUTHORS: ReadonlyArray<{ name: string; aliases: string[]; books: string[] }> = [
  {
    name: 'j r r tolkien',
    aliases: ['john ronald reuel tolkien'],
    books: ['the hobbit', 'the fellowship of the ring', 'the two towers', 'the return of the king', 'the silmarillion', 'unfinished tales', 'the children of hurin', 'farmer giles of ham'],
  },
  {
    name: 'gabriel garcia marquez',
    aliases: ['gabo'],
    books: ['one hundred years of solitude', 'love in the time of cholera', 'chronicle of a death foretold', 'the autumn of the patriarch', 'of love and other demons'],
  },
  {
    name: 'ursula k le guin',
    aliases: ['ursula kroeber le guin'],
    books: ['a wizard of earthsea', 'the left hand of darkness', 'the dispossessed', 'the lathe of heaven', 'the tombs of atuan'],
  },
  {
    name: 'bronte',
    aliases: ['charlotte bronte', 'currer bell'],
    books: ['jane eyre', 'villette', 'shirley', 'the professor'],
  },
];
