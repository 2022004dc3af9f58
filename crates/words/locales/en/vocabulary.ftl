# The rules' vocabulary: the words for the values the engine returns.
# Ids are `<kind>-<the value's JSON name>`, so a new value needs one line here.

## Schools of magic

school-abjuration = Abjuration
school-conjuration = Conjuration
school-divination = Divination
school-enchantment = Enchantment
school-evocation = Evocation
school-illusion = Illusion
school-necromancy = Necromancy
school-transmutation = Transmutation

## Conditions

condition-blinded = Blinded
condition-charmed = Charmed
condition-deafened = Deafened
condition-exhaustion = Exhaustion
condition-frightened = Frightened
condition-grappled = Grappled
condition-incapacitated = Incapacitated
condition-invisible = Invisible
condition-paralyzed = Paralyzed
condition-petrified = Petrified
condition-poisoned = Poisoned
condition-prone = Prone
condition-restrained = Restrained
condition-stunned = Stunned
condition-unconscious = Unconscious

## Abilities

ability-strength = Strength
ability-dexterity = Dexterity
ability-constitution = Constitution
ability-intelligence = Intelligence
ability-wisdom = Wisdom
ability-charisma = Charisma

# The short form shown beside a score (and typed on the command line).
ability-abbrev-strength = STR
ability-abbrev-dexterity = DEX
ability-abbrev-constitution = CON
ability-abbrev-intelligence = INT
ability-abbrev-wisdom = WIS
ability-abbrev-charisma = CHA

## Classes

class-bard = Bard
class-cleric = Cleric
class-druid = Druid
class-paladin = Paladin
class-ranger = Ranger
class-sorcerer = Sorcerer
class-warlock = Warlock
class-wizard = Wizard

## Parts of a turn (R9)

action-action = Magic action
action-bonus_action = Bonus Action
action-reaction = Reaction

## Damage types (adjectives: "fire damage")

damage-acid = acid
damage-bludgeoning = bludgeoning
damage-cold = cold
damage-fire = fire
damage-force = force
damage-lightning = lightning
damage-necrotic = necrotic
damage-piercing = piercing
damage-poison = poison
damage-psychic = psychic
damage-radiant = radiant
damage-slashing = slashing
damage-thunder = thunder

## What a Reaction answers (R11)

trigger-spell_cast = a creature casting a spell
trigger-hit = a hit by an attack roll
trigger-damage = damage taken
trigger-fall = a fall
trigger-said-spell_cast = { $caster } casts { $spell }
trigger-said-hit = { $attacker } hits { $target } ({ $total })
trigger-said-damage = { $attacker } deals { $target } { $amount } damage
trigger-said-fall = { $creature } falls

## Shapes of an area of effect (R17)

shape-cone = Cone
shape-cube = Cube
shape-cylinder = Cylinder
shape-emanation = Emanation
shape-line = Line
shape-sphere = Sphere
shape-wall = Wall

## Creature types (a spell may name them: "against undead")

creature-aberration = aberration
creature-beast = beast
creature-celestial = celestial
creature-construct = construct
creature-dragon = dragon
creature-elemental = elemental
creature-fey = fey
creature-fiend = fiend
creature-giant = giant
creature-humanoid = humanoid
creature-monstrosity = monstrosity
creature-ooze = ooze
creature-plant = plant
creature-undead = undead

## What relaxing a rule allows (house rules)

house-R10 = more than one spell slot in a turn
house-R11 = Reactions without naming the trigger
house-R14 = casting without the components (voice, free hand, material)

## Metamagic options (Sorcerer, SRD 5.2)

metamagic-careful = Careful Spell
metamagic-distant = Distant Spell
metamagic-empowered = Empowered Spell
metamagic-extended = Extended Spell
metamagic-heightened = Heightened Spell
metamagic-quickened = Quickened Spell
metamagic-seeking = Seeking Spell
metamagic-subtle = Subtle Spell
metamagic-transmuted = Transmuted Spell
metamagic-twinned = Twinned Spell
