// Every fixed string of the web table, in English and Czech, in one place.
// Terms follow the Czech chapter (RULES.md, "Czech terms used in the chapter").

const STRINGS = {
  en: {
    skip: 'Skip to content',
    'nav.spells': 'Spellbook', 'nav.sheet': 'Character', 'nav.encounter': 'Encounter', 'nav.table': 'Table',
    'nav.tokens': 'Tokens',
    'house.title': 'House rules', 'house.none': 'None: every rule is played as written.',
    'house.relaxed': '{rule} relaxed:', 'house.waived': 'House rule ({rule} relaxed):',
    'house.intro': 'A casual table may let casts that break these rules go ahead with a warning.',
    'house.R10': 'R10: more than one spell slot in a turn', 'house.R11': 'R11: Reactions without naming the trigger',
    'house.R14': 'R14: casting without components (voice, free hand, material)',
    'house.save': 'Save house rules', 'house.saved': 'Saved. Everyone at the table sees them.',
    'kind.house_rules': 'changed the house rules',
    'opt.title': 'What can I cast now?', 'opt.ask': 'Check now', 'opt.now': 'Castable now', 'opt.notNow': 'Not now',
    'opt.nothing': 'Nothing right now.', 'opt.cantrip': 'cantrip', 'opt.slot': 'slot {n}', 'opt.pact': 'pact slot {n}',
    'opt.ritual': 'ritual', 'opt.via': 'via {name}', 'opt.arcanum': 'Mystic Arcanum',
    'plan.title': 'What if? Expected damage', 'plan.target': 'Target (ac=15,hp=40,dex=+2,resist=fire)', 'plan.go': 'Plan',
    'plan.none': 'No damaging or healing spell can be cast now.', 'plan.slot': 'Slot', 'plan.mean': 'Mean', 'plan.range': 'Range',
    'plan.hits': 'Hits', 'plan.fails': 'Fails save', 'plan.kill': 'To 0 HP',
    'nav.log': 'Log', 'log.title': 'Table log', 'log.intro': 'Every cast at this table, newest first, as everyone sees it.',
    'log.loading': 'Reading the log…', 'log.empty': 'No casts yet.', 'log.older': 'Older casts',
    'log.casts': '{caster} casts {spell}', 'log.level': 'level {n}', 'log.slot': 'slot {n}', 'log.pactSlot': 'pact slot {n}',
    'log.ritual': 'as a ritual', 'log.via': 'through {name}', 'log.noSlot': 'no slot', 'log.dc': 'save DC {dc}',
    'log.hit': 'attack {total}, hit', 'log.crit': 'attack {total}, critical hit', 'log.miss': 'attack {total}, miss',
    'log.save': 'save {total} vs DC {dc}: {verdict}', 'log.saved': 'succeeds', 'log.failed': 'fails',
    'log.noSave': 'save not rolled (DC {dc}): damage for a failure',
    'log.damage': '{n} damage', 'log.healing': '{n} hit points restored', 'log.hp': '{n} HP left',
    'log.concStarted': 'Concentration started.', 'log.concEnded': 'An earlier Concentration ended.',
    'tokens.title': 'Sign-in tokens',
    'tokens.intro': 'Each device you play on signs in with a token of its own. Revoke one you no longer use and it stops working at once.',
    'tokens.new': 'New token for another device', 'tokens.fresh': 'Your new token, shown only this once:',
    'tokens.copy': 'Copy', 'tokens.copied': 'Copied. Paste it into "API token" on the other device.',
    'tokens.copyByHand': 'The browser would not copy it: select the token and copy it by hand.',
    'tokens.current': 'this device', 'tokens.dates': 'issued {issued}, works until {expires}',
    'tokens.revoke': 'Revoke', 'tokens.revokeCurrent': 'Revoke and log out', 'tokens.count': 'Live tokens: {n}',
    'lang.label': 'Language', logout: 'Log out', close: 'Close', cancel: 'Cancel',
    'live.on': 'live', 'live.title': 'Live updates are connected',
    'login.title': 'Join the table', 'login.name': 'Account name', 'login.register': 'Create account',
    'login.or': 'or', 'login.token': 'API token', 'login.use': 'Use token',
    'login.created': 'Account created. To sign in on another device, copy your token on the Tokens page.',
    'table.title': 'Table', 'table.campaigns': 'Campaigns', 'table.campId': 'Campaign id (a-z, 0-9, -)',
    'table.campTitle': 'Title', 'table.createCampaign': 'Create campaign (you are GM)',
    'table.members': 'Members', 'table.playerName': "Player's account name", 'table.addPlayer': 'Add player',
    'table.characters': 'Characters', 'table.charName': 'Name', 'table.class': 'Class', 'table.level': 'Level',
    'table.ability': 'Spellcasting score', 'table.spells': 'Prepared spells (comma separated, English or Czech)',
    'table.owner': 'Player (GM only; empty = you)', 'table.createCharacter': 'Create character',
    'table.noCampaign': 'Create a campaign or ask your GM to add you.', 'table.open': 'Open',
    'table.gm': 'the GM', 'table.player': 'a player', 'table.you': 'You are {role}.',
    'table.gmIs': 'GM: {gm}. Players: {players}.', 'table.none': 'nobody yet',
    'table.created': 'Created {name}.', 'table.added': 'Added {name}.', 'table.noChars': 'No characters yet.',
    'table.playedBy': 'played by {owner}', 'table.addedTo': '{by} added you to {title}.',
    'spells.title': 'Spellbook', 'spells.search': 'Search', 'spells.searchHint': 'Name in English or Czech',
    'spells.level': 'Level', 'spells.school': 'School', 'spells.class': 'Class', 'spells.any': 'Any',
    'spells.ritual': 'Ritual', 'spells.concentration': 'Concentration', 'spells.count': '{n} spells',
    'spells.fuzzy': 'No exact match; closest names:', 'spells.chart': 'Damage chart', 'spells.hideChart': 'Hide chart',
    'spells.prepare': 'Prepare for {name}', 'spells.prepared': 'Prepared {spell}.',
    'spells.more': 'Show {n} more',
    'spells.view': 'Show as', 'spells.viewCards': 'Cards', 'spells.viewList': 'Compact list', 'spells.name': 'Spell',
    'spells.tags': 'Tags', 'spells.hitDc': 'To hit / save', 'spells.toHit': 'to hit', 'spells.dc': 'DC', 'spells.cantrip': 'cantrip',
    'card.castingTime': 'Casting time', 'card.range': 'Range', 'card.area': 'Area', 'card.components': 'Components',
    'card.duration': 'Duration', 'card.classes': 'Classes', 'card.byLevel': 'At each level',
    'card.slot': 'Slot', 'card.charLevel': 'Character level {n}+', 'card.effect': 'Effect', 'card.mean': 'Mean',
    'card.targets': 'up to {n} targets', 'card.heals': 'heals {f}', 'card.noNumbers': 'No dice: see the summary.',
    'card.attack': 'Spell attack', 'card.save': '{ability} saving throw', 'card.half': 'half on a success',
    'card.auto': 'Hits automatically', 'card.conditions': 'Conditions',
    level0: 'Cantrip', levelN: 'Level {n}', slotN: 'level {n}',
    'chart.title': '{spell}: damage by slot level', 'chart.titleHeal': '{spell}: healing by slot level',
    'chart.mean': 'mean {m}', 'chart.level': 'level {n}', 'chart.desc': 'Level {slot}: {formula}, {min} to {max}, mean {mean}',
    'chart.assumes': 'Assumes {what}.',
    'sheet.title': 'Character', 'sheet.pick': 'Character', 'sheet.none': 'Pick or create a character on the Table tab.',
    'sheet.slots': 'Spell slots', 'sheet.pact': 'Pact slots', 'sheet.slotPips': 'Level {level}: {left} of {total} left',
    'sheet.noSlots': 'No spell slots.', 'sheet.prepared': 'Prepared spells', 'sheet.cantrips': 'Cantrips',
    'sheet.items': 'Magic items', 'sheet.features': 'Limited-use abilities', 'sheet.noneYet': 'None.',
    'sheet.charges': '{n} of {max} charges', 'sheet.uses': '{n} of {max} uses',
    'sheet.conditions': 'Conditions', 'sheet.addCondition': 'Add condition', 'sheet.remove': 'Remove {c}',
    'sheet.rest': 'Rest', 'sheet.short': 'Short rest', 'sheet.long': 'Long rest',
    'sheet.turn': 'This turn', 'sheet.endTurn': 'End turn', 'sheet.action': 'Action', 'sheet.bonus': 'Bonus Action',
    'sheet.reaction': 'Reaction', 'sheet.slotUsed': 'Slot spell cast (R10)', 'sheet.used': 'used', 'sheet.free': 'free',
    'sheet.dc': 'Save DC {dc} · Spell attack {atk}', 'sheet.cast': 'Cast', 'sheet.castSpell': 'Cast {spell}',
    'sheet.concentrating': 'Concentrating on {spell}', 'sheet.ongoing': 'Ongoing spells',
    'sheet.rounds': '{n} rounds left', 'sheet.noEnd': 'no end', 'sheet.history': 'Recent',
    'sheet.rested': 'Rest finished: slots restored.', 'sheet.turnEnded': 'Turn ended.', 'sheet.undo': 'Undo last change',
    'sheet.undone': 'Undone: {cmd}', 'sheet.liveBy': '{by}: {kind} ({character})',
    'kind.cast': 'cast a spell', 'kind.rest': 'rested', 'kind.turn': 'ended a turn', 'kind.prepare': 'prepared a spell',
    'kind.condition': 'changed conditions', 'kind.character': 'changed a character', 'kind.undo': 'undid a change',
    'kind.damage': 'took damage', 'kind.time': 'let time pass',
    'cast.source': 'Cast with', 'cast.slot': 'Slot level', 'cast.targets': 'Targets (comma separated)', 'cast.pickTargets': 'Targets in the encounter', 'cast.otherTargets': 'Other targets (comma separated)',
    'cast.go': 'Cast', 'cast.damageType': 'Damage type', 'cast.useSlot': 'Spell slot', 'cast.ritual': 'As a ritual (+10 minutes, no slot)',
    'cast.item': 'Item: {name} ({n} charges)', 'cast.feature': 'Ability: {name} ({n} uses)',
    'cast.cantrip': 'Cantrip: no slot', 'cast.slotOption': 'Level {level} ({left} of {total} left)',
    'cast.pactOption': 'Pact slot, level {level} ({left} of {total} left)',
    'cast.upcast': 'Upcasting to level {slot} adds: {what}.', 'cast.noUpcast': 'Cast at its own level.',
    'cast.upcastNothing': 'A higher slot adds nothing to this spell.',
    'cast.darts': 'darts or rays +{n}', 'cast.dice': 'damage dice +{f}', 'cast.heal': 'healing +{f}',
    'cast.moreTargets': 'targets +{n}',
    'cast.expected': 'Expected {kind}: {mean} (from {min} to {max})', 'cast.damage': 'damage', 'cast.healing': 'healing',
    'cast.noDamage': 'This spell rolls no damage.',
    'cast.done': '{spell} cast at level {level}.', 'cast.doneNoSlot': '{spell} cast without a slot.',
    'cast.rolls': 'Every die', 'cast.total': 'total {t}', 'cast.onTarget': '{target}: {dmg} damage',
    'cast.onTargetSave': '{target}: {dmg} damage on a failed save, {half} on a success (DC {dc})',
    'cast.healed': '{target}: {n} hit points restored', 'cast.started': 'Long casting started: {n} rounds (R12).',
    'cast.trigger': 'Trigger you are answering', 'cast.triggerHint': 'This spell answers: {trigger}.',
    'cast.offTurn': "On another creature's turn (in an encounter, the turn order decides)",
    'cast.fixEquipment': 'Go to Hands and components',
    'cast.refused': 'Refused', 'cast.rule': 'Rule {rule}', 'cast.code': 'code {code}', 'cast.concentration': 'Concentration on {spell} began.',
    'enc.title': 'Encounter', 'enc.gmOnly': 'Only the GM runs the encounter; you see it live.',
    'enc.none': 'No encounter running.', 'enc.setup': 'New encounter', 'enc.name': 'Combatant',
    'enc.init': 'Initiative', 'enc.add': 'Add row', 'enc.start': 'Start encounter', 'enc.end': 'End encounter',
    'enc.round': 'Round {n}', 'enc.turn': 'Turn: {name}', 'enc.next': 'Next turn', 'enc.order': 'Initiative order',
    'enc.now': 'now acting', 'enc.damage': 'Damage', 'enc.apply': 'Apply', 'enc.amount': 'Damage to {name}',
    'enc.concSave': '{name} took {dmg} damage while concentrating: Constitution save, DC {dc}.',
    'enc.concTitle': 'Concentration save for {name}', 'enc.concOk': 'Got it',
    'enc.concRoll': 'Rolled {roll} ({dice}):', 'enc.encName': 'Encounter name', 'enc.pick': 'Encounter', 'enc.new': 'New encounter', 'enc.on': 'Under',
    'enc.concLost': 'Concentration is lost.', 'enc.concKept': 'Concentration holds.', 'enc.effects': 'Effects',
    'enc.noEffects': 'No ongoing effects.', 'enc.by': 'by {caster}', 'enc.economy': 'Used this turn',
    'enc.hp': 'HP', 'enc.character': 'character',
    'enc.creatureCast': 'Cast for a creature', 'enc.creature': 'Creature', 'enc.spell': 'Spell (English or Czech)',
    'enc.castFor': 'Cast', 'enc.monster': 'Add a creature from the bestiary', 'enc.kind': 'Kind', 'enc.addMonster': 'Add creature',
    'react.title': 'Reaction window (R11)', 'react.casting': '{caster} is casting {spell}.',
    'react.hit': '{attacker} hit {target} ({total} against AC {ac}).', 'react.damage': '{attacker} dealt {n} damage to {target}.',
    'react.fall': '{creature} is falling.', 'react.nothingSpent': 'Nothing is spent until the window closes.',
    'react.may': '{name} may answer', 'react.cast': 'Cast {spell}', 'react.pass': 'Pass',
    'react.waiting': 'Waiting for {names}.', 'react.nobody': 'Nobody else can answer.', 'react.resolve': 'Close the window',
    'react.answeredWith': 'answers with {spell}', 'react.passed': 'passes',
    'react.pendingCast': '{spell} waits for Reactions (R11); nothing is spent yet. May answer: {names}.',
    'react.castBy': '{caster} casts {spell} (level {level})', 'react.countered': 'Countered: the spell has no effect.',
    'react.closed': 'The window closed; the spell had no effect.',
    'react.hitStands': 'The hit on {target} stands ({total} against AC {ac}).', 'react.hitMissed': 'The attack on {target} now misses ({total} against AC {ac}).',
    'err.generic': 'Something went wrong.', 'err.network': 'The server cannot be reached.',
    'gear.add': 'Add an item or ability', 'gear.item': 'Magic item (charges)', 'gear.feature': 'Limited-use ability',
    'gear.kind': 'Kind', 'gear.name': 'Name', 'gear.nameHint': 'Wand of Magic Missiles', 'gear.spells': 'Spells it casts (comma separated)',
    'gear.uses': 'Charges or uses', 'gear.recharge': 'Comes back', 'gear.long_rest': 'on a Long Rest',
    'gear.short_rest': 'on a Short or Long Rest', 'gear.never': 'never', 'gear.save': 'Add',
    'eq.title': 'Hands and components', 'eq.hands': 'Free hands', 'eq.focus': 'Spellcasting focus',
    'eq.focus.none': 'none', 'eq.focus.held': 'held in a hand', 'eq.focus.worn': 'worn (no hand needed)', 'eq.focus.stowed': 'stowed',
    'eq.pouch': 'Component Pouch', 'eq.materials': 'Materials carried (comma separated)', 'eq.materialsHint': 'a diamond worth 50+ GP',
    'eq.save': 'Save', 'eq.saved': 'Equipment saved.',
  },
  cs: {
    skip: 'Přejít na obsah',
    'nav.spells': 'Kniha kouzel', 'nav.sheet': 'Postava', 'nav.encounter': 'Střetnutí', 'nav.table': 'Stůl',
    'nav.tokens': 'Tokeny',
    'house.title': 'Domácí pravidla', 'house.none': 'Žádná: všechna pravidla platí, jak jsou psána.',
    'house.relaxed': '{rule} uvolněno:', 'house.waived': 'Domácí pravidlo ({rule} uvolněno):',
    'house.intro': 'Pohodový stůl může dovolit seslání, která tato pravidla poruší, s varováním.',
    'house.R10': 'R10: více než jedna pozice pro kouzla za tah', 'house.R11': 'R11: reakce bez uvedení spouštěče',
    'house.R14': 'R14: sesílání bez složek (hlas, volná ruka, materiál)',
    'house.save': 'Uložit domácí pravidla', 'house.saved': 'Uloženo. Celý stůl je vidí.',
    'kind.house_rules': 'změnil(a) domácí pravidla',
    'opt.title': 'Co můžu seslat teď?', 'opt.ask': 'Zjistit', 'opt.now': 'Lze seslat teď', 'opt.notNow': 'Teď ne',
    'opt.nothing': 'Teď nic.', 'opt.cantrip': 'trik', 'opt.slot': 'pozice {n}', 'opt.pact': 'paktová pozice {n}',
    'opt.ritual': 'rituál', 'opt.via': 'pomocí {name}', 'opt.arcanum': 'Mystické arkánum',
    'plan.title': 'Co kdyby? Očekávané zranění', 'plan.target': 'Cíl (ac=15,hp=40,dex=+2,resist=fire)', 'plan.go': 'Spočítat',
    'plan.none': 'Teď nelze seslat žádné zraňující ani léčivé kouzlo.', 'plan.slot': 'Pozice', 'plan.mean': 'Průměr', 'plan.range': 'Rozsah',
    'plan.hits': 'Zásah', 'plan.fails': 'Neuspěje', 'plan.kill': 'Na 0 životů',
    'nav.log': 'Záznam', 'log.title': 'Záznam stolu', 'log.intro': 'Každé seslání u tohoto stolu, nejnovější nahoře, jak ho vidí všichni.',
    'log.loading': 'Načítám záznam…', 'log.empty': 'Zatím žádné seslání.', 'log.older': 'Starší seslání',
    'log.casts': '{caster} sesílá {spell}', 'log.level': '{n}. úroveň', 'log.slot': 'pozice {n}', 'log.pactSlot': 'paktová pozice {n}',
    'log.ritual': 'jako rituál', 'log.via': 'pomocí {name}', 'log.noSlot': 'bez pozice', 'log.dc': 'SO záchrany {dc}',
    'log.hit': 'útok {total}, zásah', 'log.crit': 'útok {total}, kritický zásah', 'log.miss': 'útok {total}, minutí',
    'log.save': 'záchrana {total} proti SO {dc}: {verdict}', 'log.saved': 'uspěl', 'log.failed': 'neuspěl',
    'log.noSave': 'záchrana neházena (SO {dc}): zranění při neúspěchu',
    'log.damage': 'zranění {n}', 'log.healing': 'obnoveno {n} životů', 'log.hp': 'zbývá {n} životů',
    'log.concStarted': 'Soustředění začalo.', 'log.concEnded': 'Dřívější soustředění skončilo.',
    'tokens.title': 'Přihlašovací tokeny',
    'tokens.intro': 'Každé zařízení, na kterém hraješ, se přihlašuje vlastním tokenem. Ten, který už nepoužíváš, zruš a hned přestane fungovat.',
    'tokens.new': 'Nový token pro další zařízení', 'tokens.fresh': 'Tvůj nový token, ukázaný jen teď:',
    'tokens.copy': 'Kopírovat', 'tokens.copied': 'Zkopírováno. Vlož ho na druhém zařízení do pole „API token“.',
    'tokens.copyByHand': 'Prohlížeč ho nezkopíroval: označ token a zkopíruj ho ručně.',
    'tokens.current': 'toto zařízení', 'tokens.dates': 'vydán {issued}, platí do {expires}',
    'tokens.revoke': 'Zrušit', 'tokens.revokeCurrent': 'Zrušit a odhlásit', 'tokens.count': 'Platné tokeny: {n}',
    'lang.label': 'Jazyk', logout: 'Odhlásit', close: 'Zavřít', cancel: 'Zrušit',
    'live.on': 'živě', 'live.title': 'Živé aktualizace jsou připojené',
    'login.title': 'Přidej se ke stolu', 'login.name': 'Jméno účtu', 'login.register': 'Založit účet',
    'login.or': 'nebo', 'login.token': 'API token', 'login.use': 'Použít token',
    'login.created': 'Účet je založený. Pro přihlášení na jiném zařízení si zkopíruj token na stránce Tokeny.',
    'table.title': 'Stůl', 'table.campaigns': 'Kampaně', 'table.campId': 'Id kampaně (a-z, 0-9, -)',
    'table.campTitle': 'Název', 'table.createCampaign': 'Založit kampaň (budeš PJ)',
    'table.members': 'Členové', 'table.playerName': 'Jméno účtu hráče', 'table.addPlayer': 'Přidat hráče',
    'table.characters': 'Postavy', 'table.charName': 'Jméno', 'table.class': 'Povolání', 'table.level': 'Úroveň',
    'table.ability': 'Sesílací vlastnost', 'table.spells': 'Připravená kouzla (oddělená čárkou, česky nebo anglicky)',
    'table.owner': 'Hráč (jen PJ; prázdné = ty)', 'table.createCharacter': 'Vytvořit postavu',
    'table.noCampaign': 'Založ kampaň, nebo požádej PJ, ať tě přidá.', 'table.open': 'Otevřít',
    'table.gm': 'PJ', 'table.player': 'hráč', 'table.you': 'Jsi {role}.',
    'table.gmIs': 'PJ: {gm}. Hráči: {players}.', 'table.none': 'zatím nikdo',
    'table.created': 'Vytvořeno: {name}.', 'table.added': 'Přidán: {name}.', 'table.noChars': 'Zatím žádné postavy.',
    'table.playedBy': 'hraje {owner}', 'table.addedTo': '{by} tě přidal(a) do kampaně {title}.',
    'spells.title': 'Kniha kouzel', 'spells.search': 'Hledat', 'spells.searchHint': 'Jméno česky nebo anglicky',
    'spells.level': 'Úroveň', 'spells.school': 'Škola', 'spells.class': 'Povolání', 'spells.any': 'Vše',
    'spells.ritual': 'Rituál', 'spells.concentration': 'Soustředění', 'spells.count': 'Kouzel: {n}',
    'spells.fuzzy': 'Nic přesného; nejbližší jména:', 'spells.chart': 'Graf zranění', 'spells.hideChart': 'Skrýt graf',
    'spells.prepare': 'Připravit pro {name}', 'spells.prepared': 'Připraveno: {spell}.',
    'spells.more': 'Ukázat dalších {n}',
    'spells.view': 'Zobrazit jako', 'spells.viewCards': 'Karty', 'spells.viewList': 'Stručný seznam', 'spells.name': 'Kouzlo',
    'spells.tags': 'Značky', 'spells.hitDc': 'Útok / záchrana', 'spells.toHit': 'útok', 'spells.dc': 'SO', 'spells.cantrip': 'trik',
    'card.castingTime': 'Vyvolávací čas', 'card.range': 'Dosah', 'card.area': 'Oblast účinku', 'card.components': 'Složky',
    'card.duration': 'Trvání', 'card.classes': 'Povolání', 'card.byLevel': 'Na každé úrovni',
    'card.slot': 'Pozice', 'card.charLevel': 'Úroveň postavy {n}+', 'card.effect': 'Účinek', 'card.mean': 'Průměr',
    'card.targets': 'až {n} cílů', 'card.heals': 'léčí {f}', 'card.noNumbers': 'Bez kostek: viz shrnutí.',
    'card.attack': 'Útok kouzlem', 'card.save': 'záchranný hod na {ability}', 'card.half': 'při úspěchu polovina',
    'card.auto': 'Zasáhne automaticky', 'card.conditions': 'Stavy',
    level0: 'Cantrip', levelN: '{n}. úroveň', slotN: '{n}. úrovně',
    'chart.title': '{spell}: zranění podle úrovně pozice', 'chart.titleHeal': '{spell}: léčení podle úrovně pozice',
    'chart.mean': 'průměr {m}', 'chart.level': '{n}. úroveň', 'chart.desc': 'Úroveň {slot}: {formula}, {min} až {max}, průměr {mean}',
    'chart.assumes': 'Předpoklad: {what}.',
    'sheet.title': 'Postava', 'sheet.pick': 'Postava', 'sheet.none': 'Vyber nebo vytvoř postavu na kartě Stůl.',
    'sheet.slots': 'Pozice pro kouzla', 'sheet.pact': 'Paktové pozice', 'sheet.slotPips': '{level}. úroveň: zbývá {left} z {total}',
    'sheet.noSlots': 'Žádné pozice pro kouzla.', 'sheet.prepared': 'Připravená kouzla', 'sheet.cantrips': 'Cantripy',
    'sheet.items': 'Kouzelné předměty', 'sheet.features': 'Schopnosti s omezeným použitím', 'sheet.noneYet': 'Žádné.',
    'sheet.charges': '{n} z {max} nábojů', 'sheet.uses': '{n} z {max} použití',
    'sheet.conditions': 'Stavy', 'sheet.addCondition': 'Přidat stav', 'sheet.remove': 'Odebrat {c}',
    'sheet.rest': 'Odpočinek', 'sheet.short': 'Krátký odpočinek', 'sheet.long': 'Dlouhý odpočinek',
    'sheet.turn': 'Tento tah', 'sheet.endTurn': 'Ukončit tah', 'sheet.action': 'Akce', 'sheet.bonus': 'Bonusová akce',
    'sheet.reaction': 'Reakce', 'sheet.slotUsed': 'Sesláno kouzlo z pozice (R10)', 'sheet.used': 'použito', 'sheet.free': 'volné',
    'sheet.dc': 'SO záchrany {dc} · Útok kouzlem {atk}', 'sheet.cast': 'Seslat', 'sheet.castSpell': 'Seslat {spell}',
    'sheet.concentrating': 'Soustředí se na {spell}', 'sheet.ongoing': 'Trvající kouzla',
    'sheet.rounds': 'zbývá kol: {n}', 'sheet.noEnd': 'bez konce', 'sheet.history': 'Nedávno',
    'sheet.rested': 'Odpočinek skončil: pozice obnoveny.', 'sheet.turnEnded': 'Tah skončil.', 'sheet.undo': 'Vrátit poslední změnu',
    'sheet.undone': 'Vráceno: {cmd}', 'sheet.liveBy': '{by}: {kind} ({character})',
    'kind.cast': 'seslal(a) kouzlo', 'kind.rest': 'odpočinul(a) si', 'kind.turn': 'ukončil(a) tah', 'kind.prepare': 'připravil(a) kouzlo',
    'kind.condition': 'změnil(a) stavy', 'kind.character': 'změnil(a) postavu', 'kind.undo': 'vrátil(a) změnu',
    'kind.damage': 'utržil(a) zranění', 'kind.time': 'nechal(a) plynout čas',
    'cast.source': 'Seslat pomocí', 'cast.slot': 'Úroveň pozice', 'cast.targets': 'Cíle (oddělené čárkou)', 'cast.pickTargets': 'Cíle ve střetnutí', 'cast.otherTargets': 'Další cíle (oddělené čárkou)',
    'cast.go': 'Seslat', 'cast.damageType': 'Druh zranění', 'cast.useSlot': 'Pozice pro kouzlo', 'cast.ritual': 'Jako rituál (+10 minut, bez pozice)',
    'cast.item': 'Předmět: {name} (nábojů: {n})', 'cast.feature': 'Schopnost: {name} (použití: {n})',
    'cast.cantrip': 'Cantrip: bez pozice', 'cast.slotOption': '{level}. úroveň (zbývá {left} z {total})',
    'cast.pactOption': 'Paktová pozice {level}. úrovně (zbývá {left} z {total})',
    'cast.upcast': 'Seslání z pozice {slot}. úrovně přidá: {what}.', 'cast.noUpcast': 'Sesláno na vlastní úrovni.',
    'cast.upcastNothing': 'Vyšší pozice tomuto kouzlu nic nepřidá.',
    'cast.darts': 'střely či paprsky +{n}', 'cast.dice': 'kostky zranění +{f}', 'cast.heal': 'léčení +{f}',
    'cast.moreTargets': 'cíle +{n}',
    'cast.expected': 'Očekávané {kind}: {mean} (od {min} do {max})', 'cast.damage': 'zranění', 'cast.healing': 'léčení',
    'cast.noDamage': 'Toto kouzlo nehází na zranění.',
    'cast.done': '{spell} sesláno na {level}. úrovni.', 'cast.doneNoSlot': '{spell} sesláno bez pozice.',
    'cast.rolls': 'Každá kostka', 'cast.total': 'celkem {t}', 'cast.onTarget': '{target}: {dmg} zranění',
    'cast.onTargetSave': '{target}: {dmg} zranění při neúspěchu, {half} při úspěchu (SO {dc})',
    'cast.healed': '{target}: obnoveno {n} životů', 'cast.started': 'Dlouhé sesílání začalo: {n} kol (R12).',
    'cast.trigger': 'Spouštěč, na který reaguješ', 'cast.triggerHint': 'Kouzlo reaguje: {trigger}.',
    'cast.offTurn': 'V tahu jiného tvora (ve střetnutí rozhoduje pořadí tahů)',
    'cast.fixEquipment': 'Přejít na Ruce a složky',
    'cast.refused': 'Zamítnuto', 'cast.rule': 'Pravidlo {rule}', 'cast.code': 'kód {code}', 'cast.concentration': 'Začalo soustředění na {spell}.',
    'enc.title': 'Střetnutí', 'enc.gmOnly': 'Střetnutí řídí PJ; ty ho vidíš živě.',
    'enc.none': 'Žádné střetnutí neprobíhá.', 'enc.setup': 'Nové střetnutí', 'enc.name': 'Účastník',
    'enc.init': 'Iniciativa', 'enc.add': 'Přidat řádek', 'enc.start': 'Zahájit střetnutí', 'enc.end': 'Ukončit střetnutí',
    'enc.round': '{n}. kolo', 'enc.turn': 'Na tahu: {name}', 'enc.next': 'Další tah', 'enc.order': 'Pořadí iniciativy',
    'enc.now': 'na tahu', 'enc.damage': 'Zranění', 'enc.apply': 'Použít', 'enc.amount': 'Zranění pro {name}',
    'enc.concSave': '{name} utrží {dmg} zranění při soustředění: záchranný hod na Odolnost, SO {dc}.',
    'enc.concTitle': 'Záchrana soustředění: {name}', 'enc.concOk': 'Rozumím',
    'enc.concRoll': 'Hozeno {roll} ({dice}):', 'enc.encName': 'Název střetnutí', 'enc.pick': 'Střetnutí', 'enc.new': 'Nové střetnutí', 'enc.on': 'Působí',
    'enc.concLost': 'Soustředění je ztraceno.', 'enc.concKept': 'Soustředění vydrží.', 'enc.effects': 'Účinky',
    'enc.noEffects': 'Žádné trvající účinky.', 'enc.by': 'sesílá {caster}', 'enc.economy': 'Použito v tomto tahu',
    'enc.hp': 'Životy', 'enc.character': 'postava',
    'enc.creatureCast': 'Sesílá tvor', 'enc.creature': 'Tvor', 'enc.spell': 'Kouzlo (česky nebo anglicky)',
    'enc.castFor': 'Seslat', 'enc.monster': 'Přidat tvora z bestiáře', 'enc.kind': 'Druh', 'enc.addMonster': 'Přidat tvora',
    'react.title': 'Okno pro reakce (R11)', 'react.casting': '{caster} sesílá {spell}.',
    'react.hit': '{attacker} zasáhl cíl {target} ({total} proti OČ {ac}).', 'react.damage': '{attacker} způsobil cíli {target} zranění {n}.',
    'react.fall': '{creature} padá.', 'react.nothingSpent': 'Nic se neutratí, dokud se okno nezavře.',
    'react.may': '{name} může odpovědět', 'react.cast': 'Seslat {spell}', 'react.pass': 'Nechat být',
    'react.waiting': 'Čeká se na: {names}.', 'react.nobody': 'Nikdo další nemůže odpovědět.', 'react.resolve': 'Zavřít okno',
    'react.answeredWith': 'odpovídá kouzlem {spell}', 'react.passed': 'nechává být',
    'react.pendingCast': '{spell} čeká na reakce (R11); zatím se nic neutratilo. Odpovědět může: {names}.',
    'react.castBy': '{caster} sesílá {spell} ({level}. úroveň)', 'react.countered': 'Zmařeno: kouzlo nemá žádný účinek.',
    'react.closed': 'Okno se zavřelo; kouzlo nemělo účinek.',
    'react.hitStands': 'Zásah cíle {target} platí ({total} proti OČ {ac}).', 'react.hitMissed': 'Útok na cíl {target} teď míjí ({total} proti OČ {ac}).',
    'err.generic': 'Něco se pokazilo.', 'err.network': 'Server není dostupný.',
    'gear.add': 'Přidat předmět nebo schopnost', 'gear.item': 'Kouzelný předmět (náboje)', 'gear.feature': 'Schopnost s omezeným použitím',
    'gear.kind': 'Druh', 'gear.name': 'Název', 'gear.nameHint': 'Hůlka magických střel', 'gear.spells': 'Kouzla, která sesílá (oddělená čárkou)',
    'gear.uses': 'Náboje nebo použití', 'gear.recharge': 'Obnoví se', 'gear.long_rest': 'po Dlouhém odpočinku',
    'gear.short_rest': 'po Krátkém či Dlouhém odpočinku', 'gear.never': 'nikdy', 'gear.save': 'Přidat',
    'eq.title': 'Ruce a složky', 'eq.hands': 'Volné ruce', 'eq.focus': 'Sesílací pomůcka',
    'eq.focus.none': 'žádná', 'eq.focus.held': 'v ruce', 'eq.focus.worn': 'nošená (bez ruky)', 'eq.focus.stowed': 'uložená',
    'eq.pouch': 'Brašnička na suroviny', 'eq.materials': 'Nesené suroviny (oddělené čárkou)', 'eq.materialsHint': 'diamant za 50+ zl',
    'eq.save': 'Uložit', 'eq.saved': 'Vybavení uloženo.',
  },
};

// Why a rule refused an action, by the error's stable code (rules crate's codes).
const ERRORS = {
  no_slot_available: ['No slot of that level or higher is left.', 'Nezbývá žádná pozice této ani vyšší úrovně.'],
  slot_too_low: ['A spell needs a slot of at least its own level.', 'Kouzlo potřebuje pozici alespoň své úrovně.'],
  cantrip_takes_no_slot: ['Cantrips are cast without a slot.', 'Cantripy se sesílají bez pozice.'],
  not_prepared: ['The spell is not prepared.', 'Kouzlo není připravené.'],
  not_known: ['The cantrip is not known.', 'Tento cantrip postava nezná.'],
  not_on_class_list: ["The spell is not on the character's class lists.", 'Kouzlo není na seznamu povolání postavy.'],
  not_a_ritual: ['Only spells with the Ritual tag can be cast as rituals.', 'Jako rituál lze seslat jen kouzlo se značkou Rituál.'],
  unknown_house_rule: ['A table may relax only R10, R11 or R14.', 'Stůl může uvolnit jen R10, R11 nebo R14.'],
  too_many_rules: ['List at most eight rules.', 'Uveďte nejvýš osm pravidel.'],
  one_slot_per_turn: ['Only one spell slot may be spent per turn; this turn already spent one.', 'Za tah lze utratit jen jednu pozici pro kouzlo; v tomto tahu už jedna padla.'],
  action_unavailable: ['That part of the turn is already used.', 'Tuto část tahu už postava použila.'],
  casting_time_mismatch: ["The spell's casting time needs a different action.", 'Vyvolávací čas kouzla potřebuje jinou akci.'],
  missing_trigger: ['This spell answers a trigger: describe it in the Trigger field.', 'Toto kouzlo reaguje na spouštěč: popiš ho v poli Spouštěč.'],
  not_a_reaction: ['Only a Reaction spell can be cast on another creature\'s turn.', 'V tahu jiného tvora lze seslat jen kouzlo s Reakcí.'],
  no_such_slot: ['The character has no spell slots of that level at all; pick a lower level.', 'Postava nemá vůbec žádné pozice této úrovně; vyber nižší.'],
  too_many_prepared: ['The character already has as many spells prepared as its classes allow; unprepare one first.', 'Postava už má připraveno tolik kouzel, kolik povolání dovolují; nejprve jedno zruš.'],
  too_many_cantrips: ['The character already knows as many cantrips as its classes allow; remove one first.', 'Postava už zná tolik cantripů, kolik povolání dovolují; nejprve jeden odeber.'],
  not_in_effect: ['That spell is not in effect here, so there is nothing to study.', 'To kouzlo tu nepůsobí, není co zkoumat.'],
  silenced: ['A silenced caster cannot speak a Verbal component: leave the silence, or cast a spell without one.', 'Umlčený sesilatel nemůže pronést verbální složku: opusť ticho, nebo sešli kouzlo bez ní.'],
  no_free_hand: ['The components need a free hand: free one under Hands and components (a held focus that supplies the material may use its own hand).', 'Složky kouzla potřebují volnou ruku: uvolni ji v části Ruce a složky (držená pomůcka, která nahrazuje surovinu, smí použít svou ruku).'],
  missing_material: ['The material component is missing: carry a Component Pouch or a spellcasting focus under Hands and components; a material with a cost, or one the spell uses up, must be listed there itself.', 'Chybí materiální složka: v části Ruce a složky si vezmi brašničku na suroviny nebo sesílací pomůcku; surovinu s cenou, nebo takovou, kterou kouzlo spotřebuje, tam musíš zapsat přímo.'],
  incapacitated: ['An Incapacitated caster cannot do this.', 'Sesilatel ve stavu Neschopný to nemůže.'],
  no_line_of_effect: ['A target behind Total Cover cannot be targeted.', 'Na cíl za Totálním krytem nelze cílit.'],
  out_of_range: ['The target is out of range.', 'Cíl je mimo dosah.'],
  too_many_targets: ['Too many targets for this casting.', 'Na toto seslání je příliš mnoho cílů.'],
  cannot_target_self: ['This spell cannot target its caster.', 'Toto kouzlo nemůže cílit na sesilatele.'],
  self_only: ['This spell affects only its caster.', 'Toto kouzlo působí jen na sesilatele.'],
  no_uses_left: ['No uses or charges are left.', 'Nezbývají žádná použití ani náboje.'],
  source_cannot_cast: ['That item or ability cannot cast this spell.', 'Tento předmět či schopnost toto kouzlo neumí.'],
  casting_in_progress: ['Another long casting is in progress.', 'Probíhá jiné dlouhé sesílání.'],
  invalid_slot_level: ['Slot levels are 1 to 9.', 'Úrovně pozic jsou 1 až 9.'],
  casting_unfinished: ['The long casting needs more turns before it completes.', 'Dlouhé sesílání potřebuje ještě další tahy.'],
  duplicate_class: ['Each class can be listed only once.', 'Každé povolání lze uvést jen jednou.'],
  empty_encounter: ['An encounter needs at least one combatant.', 'Střetnutí potřebuje aspoň jednoho účastníka.'],
  invalid_ability_score: ['Ability scores are 1 to 30.', 'Hodnoty vlastností jsou 1 až 30.'],
  invalid_hit_points: ['Hit points must be within the maximum (1 to 999).', 'Životy musí být v mezích maxima (1 až 999).'],
  invalid_armor_class: ['Armor Class is 1 to 40.', 'Obranné číslo je 1 až 40.'],
  no_hit_points: ['Record the hit points and AC first.', 'Nejdřív zapište životy a obranné číslo.'],
  not_in_stat_block: ['This creature\'s Spellcasting does not list that spell.', 'Sesílání kouzel tohoto tvora to kouzlo neuvádí.'],
  no_reaction_window: ['Nothing is waiting for a Reaction.', 'Na žádnou Reakci se nečeká.'],
  reaction_window_open: ['A spell waits for Reactions: react, pass or resolve it first.', 'Kouzlo čeká na Reakce: nejdřív reagujte, vzdejte se nebo ho vyhodnoťte.'],
  not_an_answer: ['That Reaction does not answer this trigger.', 'Tato Reakce na tento spouštěč neodpovídá.'],
  own_trigger: ['A creature cannot react to its own spell or attack.', 'Tvor nemůže reagovat na vlastní kouzlo ani útok.'],
  already_answered: ['This creature has already answered this trigger.', 'Tento tvor už na spouštěč odpověděl.'],
  not_a_caster: ['That combatant has no spellcasting.', 'Tento účastník nesesílá kouzla.'],
  not_in_spellbook: ['Copy the spell into the spellbook first.', 'Nejdřív kouzlo opište do knihy kouzel.'],
  no_spellbook: ['Only a Wizard keeps a spellbook.', 'Knihu kouzel vede jen kouzelník.'],
  not_movable: ['Only spells like Hex and Hunter\'s Mark move to a new target.', 'Na nový cíl lze přenést jen kouzla jako Uřknutí a Lovcovo znamení.'],
  invalid_character_level: ['A character has 1 to 20 levels in all.', 'Postava má celkem 1 až 20 úrovní.'],
  invalid_class_level: ['Class levels are 1 to 20.', 'Úrovně povolání jsou 1 až 20.'],
  invalid_dice: ['That is not dice notation like 2d8+3.', 'To není zápis kostek jako 2d8+3.'],
  invalid_request: ['The request does not make sense for this spell.', 'Požadavek pro toto kouzlo nedává smysl.'],
  invalid_spell_id: ['That is not a valid spell id.', 'To není platný identifikátor kouzla.'],
  invalid_spell_level: ['Spell levels are 0 to 9.', 'Úrovně kouzel jsou 0 až 9.'],
  no_casting_in_progress: ['No long casting is in progress.', 'Neprobíhá žádné dlouhé sesílání.'],
  no_concentration: ['The caster is not concentrating on anything.', 'Sesilatel se na nic nesoustředí.'],
  no_such_class: ['The character has no levels in that class.', 'Postava v tomto povolání nemá úrovně.'],
  not_dismissible: ['This spell cannot be dismissed now.', 'Toto kouzlo teď nelze ukončit.'],
  not_ongoing: ['That spell is not in effect.', 'Toto kouzlo právě nepůsobí.'],
  spell_level_too_high: ["The character cannot cast spells of that level yet.", 'Postava zatím neumí kouzla této úrovně.'],
  unknown_combatant: ['No such combatant in the encounter.', 'Takový účastník ve střetnutí není.'],
  unknown_effect: ['No such effect is in play.', 'Takový účinek nepůsobí.'],
  damage_type_not_offered: ['The spell cannot deal that type of damage.', 'Kouzlo nemůže způsobit tento druh zranění.'],
  target_not_hostile: ['This spell must target a Hostile creature.', 'Toto kouzlo musí cílit na nepřátelského tvora.'],
  no_alternative_casting_time: ['The spell has only one casting time.', 'Kouzlo má jen jeden vyvolávací čas.'],
  no_encounter: ['No encounter is running.', 'Žádné střetnutí neprobíhá.'],
  bad_json: ['The request is malformed.', 'Požadavek je chybně zapsaný.'],
  bad_query: ['The request is malformed.', 'Požadavek je chybně zapsaný.'],
  invalid_name: ['That name is not allowed.', 'Toto jméno není povolené.'],
  unknown_account: ['No such account in this campaign.', 'Takový účet v této kampani není.'],
  unknown_spell: ['No such spell.', 'Takové kouzlo neexistuje.'],
  unauthorized: ['Log in first: the token is missing or wrong.', 'Nejdřív se přihlas: token chybí nebo nesedí.'],
  forbidden: ['Your role does not allow this.', 'Tvoje role tohle nedovoluje.'],
  already_exists: ['That name is taken.', 'To jméno už je obsazené.'],
  not_found: ['Not found.', 'Nenalezeno.'],
  conflict: ['Someone else changed it at the same moment; try again.', 'Někdo jiný to právě změnil; zkus to znovu.'],
};

let lang = 'en';

/** Sets the language ('en' or 'cs') and remembers it. */
export function setLang(l) {
  lang = l === 'cs' ? 'cs' : 'en';
  try { localStorage.setItem('grimoire.lang', lang); } catch { /* private mode */ }
  document.documentElement.lang = lang;
}

/** The language remembered, else the browser's. */
export function initialLang() {
  let saved = null;
  try { saved = localStorage.getItem('grimoire.lang'); } catch { /* private mode */ }
  if (saved) return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('cs') ? 'cs' : 'en';
}

export function getLang() { return lang; }

/** A string with `{name}` placeholders filled. */
export function t(key, vars = {}) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

/** The explanation of an error code in the current language, if known. */
export function explain(code) {
  const e = ERRORS[code];
  return e ? e[lang === 'cs' ? 1 : 0] : null;
}

/** Translates every marked element under `root`. */
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
}

/** Picks the `en`/`cs` member of a `{en, cs}` pair. */
export function pick(both) {
  if (both == null) return '';
  return typeof both === 'string' ? both : (both[lang] ?? both.en);
}

/** The level label: "Cantrip", "Level 3", "3. úroveň". */
export function levelName(n) { return n === 0 ? t('level0') : t('levelN', { n }); }

/** Numbers in the language's style (decimal comma in Czech). */
export function num(x, digits = 1) {
  return Number(x).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB', { maximumFractionDigits: digits });
}

export const CLASSES = {
  bard: ['Bard', 'Bard'], cleric: ['Cleric', 'Klerik'], druid: ['Druid', 'Druid'], paladin: ['Paladin', 'Paladin'],
  ranger: ['Ranger', 'Hraničář'], sorcerer: ['Sorcerer', 'Čaroděj'], warlock: ['Warlock', 'Černokněžník'],
  wizard: ['Wizard', 'Kouzelník'],
};

/** Damage types (the rules' names), for roll labels. */
export const DAMAGE_TYPES = {
  acid: ['acid', 'kyselinové'], bludgeoning: ['bludgeoning', 'drtivé'], cold: ['cold', 'chladné'],
  fire: ['fire', 'ohnivé'], force: ['force', 'silové'], lightning: ['lightning', 'bleskové'],
  necrotic: ['necrotic', 'nekrotické'], piercing: ['piercing', 'bodné'], poison: ['poison', 'jedové'],
  psychic: ['psychic', 'psychické'], radiant: ['radiant', 'zářivé'], slashing: ['slashing', 'sečné'],
  thunder: ['thunder', 'hromové'],
};

/** A roll's label as the engine writes it (`fire damage`, `Ogre save
 *  (DEX)`, `attack vs Ogre`, `healing for Ana`), in the chosen language. */
export function rollLabel(label) {
  if (lang !== 'cs') return label;
  let m = /^(\w+) damage(?: against (.+))?$/.exec(label);
  if (m) return `${DAMAGE_TYPES[m[1]] ? DAMAGE_TYPES[m[1]][1] : m[1]} zranění${m[2] ? ` proti: ${m[2]}` : ''}`;
  m = /^(.+) save \((\w+)\)$/.exec(label);
  if (m) return `záchrana: ${m[1]} (${m[2]})`;
  m = /^attack vs (.+)$/.exec(label);
  if (m) return `útok na ${m[1]}`;
  m = /^healing for (.+)$/.exec(label);
  if (m) return `léčení: ${m[1]}`;
  return label;
}

export const CONDITIONS = {
  blinded: ['Blinded', 'Oslepený'], charmed: ['Charmed', 'Zmámený'], deafened: ['Deafened', 'Ohlušený'],
  exhaustion: ['Exhaustion', 'Vyčerpání'], frightened: ['Frightened', 'Vystrašený'], grappled: ['Grappled', 'Uchopený'],
  incapacitated: ['Incapacitated', 'Neschopný'], invisible: ['Invisible', 'Neviditelný'], paralyzed: ['Paralyzed', 'Paralyzovaný'],
  petrified: ['Petrified', 'Zkamenělý'], poisoned: ['Poisoned', 'Otrávený'], prone: ['Prone', 'Ležící'],
  restrained: ['Restrained', 'Zadržený'], stunned: ['Stunned', 'Omráčený'], unconscious: ['Unconscious', 'Bezvědomý'],
};

export const ABILITIES = {
  strength: ['Strength', 'Sílu'], dexterity: ['Dexterity', 'Obratnost'], constitution: ['Constitution', 'Odolnost'],
  intelligence: ['Intelligence', 'Inteligenci'], wisdom: ['Wisdom', 'Moudrost'], charisma: ['Charisma', 'Charisma'],
};

/** Picks the current language from an `[en, cs]` table entry. */
export function word(table, key) {
  const e = table[key];
  return e ? e[lang === 'cs' ? 1 : 0] : key;
}
