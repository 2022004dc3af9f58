## What a roll was for (the rules' RollLabel, `kind` in JSON), shown
## beside its dice by the CLI, the server and the web table alike. The web
## fills these as `{name}` templates: keep them to text and variables.

roll-attack = attack vs { $target }
# $ability is the ability's abbreviation (DEX).
roll-save = { $target } save ({ $ability })
# $type is the damage type's word (fire).
roll-damage = { $type } damage
# A part that harms only some creature types; $types joined by roll-or.
roll-damage-against = { $type } damage against { $types }
roll-healing = healing for { $target }
roll-concentration = Concentration (CON save)
roll-death-save = Death save
roll-scroll-check = scroll check (DC { $dc })
roll-study = Study: Intelligence (Arcana)
roll-rests-locked = Long Rests before the feature returns
roll-spell-recall = Boon of Spell Recall (level { $level } slot)
# A bonus or penalty die on another roll; $roll is that roll's label.
roll-bonus = { $roll } bonus
roll-penalty = { $roll } penalty
# Joins creature types: "fiend or undead".
roll-or = or
