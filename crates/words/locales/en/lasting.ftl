# Lasting spells and when they harm (issue 31, SRD 5.2): a spell that deals
# nothing as it is cast says when it will; `encounter harm` lands a spell's
# damage on a creature that comes into it.

cli-at-entering = as it comes into the spell
# $spell: the spell's name; $when: cli-harm-when-* joined by cli-harm-or.
cli-damage-later = No damage now: { $spell } harms { $when }.
cli-harm-when-start = a creature as its turn starts there
cli-harm-when-end = a creature that ends its turn in it
cli-harm-when-enter = a creature that comes into it (grimoire encounter harm)
cli-harm-or = {" "}or{" "}

help-grimoire-encounter-harm = A lasting spell harms a creature that comes into it: it enters Spirit Guardians or Moonbeam, the area moves onto it, Flaming Sphere is rammed into it
help-grimoire-encounter-harm--encounter = The encounter
help-grimoire-encounter-harm--creature = The creature that comes into the spell
help-grimoire-encounter-harm--spell = The spell in force (English or Czech name)
help-grimoire-encounter-harm--caster = Whose casting, when several combatants keep the spell in force

app-reason-no_harm_on_entering = { $spell } harms nobody for coming into it
app-reason-which_caster = several combatants keep { $spell } in force ({ $casters }): say whose with --caster
