# Slovník pravidel: slova pro hodnoty, které vrací jádro (termíny z české kapitoly).

## Schools of magic

school-abjuration = Vyvolávání
school-conjuration = Vzývání
school-divination = Věštění
school-enchantment = Očarování
school-evocation = Evokace
school-illusion = Iluze
school-necromancy = Nekromancie
school-transmutation = Transmutace

## Conditions

condition-blinded = Oslepený
condition-charmed = Zmámený
condition-deafened = Ohlušený
condition-exhaustion = Vyčerpání
condition-frightened = Vystrašený
condition-grappled = Uchopený
condition-incapacitated = Neschopný
condition-invisible = Neviditelný
condition-paralyzed = Paralyzovaný
condition-petrified = Zkamenělý
condition-poisoned = Otrávený
condition-prone = Ležící
condition-restrained = Zadržený
condition-stunned = Omráčený
condition-unconscious = Bezvědomý

## Abilities

ability-strength = Síla
ability-dexterity = Obratnost
ability-constitution = Odolnost
ability-intelligence = Inteligence
ability-wisdom = Moudrost
ability-charisma = Charisma

ability-abbrev-strength = SIL
ability-abbrev-dexterity = OBR
ability-abbrev-constitution = ODL
ability-abbrev-intelligence = INT
ability-abbrev-wisdom = MDR
ability-abbrev-charisma = CHA

## Classes

class-bard = bard
class-cleric = klerik
class-druid = druid
class-paladin = paladin
class-ranger = hraničář
class-sorcerer = čaroděj
class-warlock = černokněžník
class-wizard = kouzelník

## Parts of a turn (R9)

action-action = akce Magie
action-bonus_action = Bonusová akce
action-reaction = Reakce

## Damage types (adjectives: "fire damage")

damage-acid = kyselinové
damage-bludgeoning = drtivé
damage-cold = chladné
damage-fire = ohnivé
damage-force = silové
damage-lightning = bleskové
damage-necrotic = nekrotické
damage-piercing = bodné
damage-poison = jedové
damage-psychic = psychické
damage-radiant = zářivé
damage-slashing = sečné
damage-thunder = hromové

## What a Reaction answers (R11)

trigger-spell_cast = tvor sesílající kouzlo
trigger-hit = zásah hodem na útok
trigger-damage = utržené zranění
trigger-fall = pád
trigger-said-spell_cast = { $caster } sesílá { $spell }
trigger-said-hit = { $attacker } zasahuje cíl { $target } ({ $total })
trigger-said-damage = { $attacker } způsobuje cíli { $target } zranění { $amount }
trigger-said-fall = { $creature } padá

## Shapes of an area of effect (R17)

shape-cone = Kužel
shape-cube = Krychle
shape-cylinder = Válec
shape-emanation = Emanace
shape-line = Linie
shape-sphere = Koule
shape-wall = Stěna

## Creature types (a spell may name them: "against undead")

creature-aberration = aberace
creature-beast = zvíře
creature-celestial = nebešťan
creature-construct = výtvor
creature-dragon = drak
creature-elemental = elementál
creature-fey = víla
creature-fiend = běs
creature-giant = obr
creature-humanoid = humanoid
creature-monstrosity = zrůda
creature-ooze = sliz
creature-plant = rostlina
creature-undead = nemrtvý

## Co uvolnění pravidla dovolí (domácí pravidla)

house-R10 = více než jedna pozice pro kouzla za tah
house-R11 = reakce bez uvedení spouštěče
house-R14 = sesílání bez složek (hlas, volná ruka, materiál)

## Metamagic options (Sorcerer, SRD 5.2)

metamagic-careful = Opatrné kouzlo
metamagic-distant = Vzdálené kouzlo
metamagic-empowered = Posílené kouzlo
metamagic-extended = Prodloužené kouzlo
metamagic-heightened = Zesílené kouzlo
metamagic-quickened = Zrychlené kouzlo
metamagic-seeking = Hledající kouzlo
metamagic-subtle = Nenápadné kouzlo
metamagic-transmuted = Přeměněné kouzlo
metamagic-twinned = Zdvojené kouzlo
