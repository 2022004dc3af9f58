# The web table's play controls (issues 34, 36, 37): hit points and the
# death-save track, weapon attacks, the party rest, importing a sheet, and
# the cards of rolls the server makes. Keys become `hp.title`, ... in the
# browser.

## Hit points and death saves

web-hp-title = Hit points
web-hp-line = { $hp } / { $max } HP
web-hp-temp = +{ $n } temporary
web-hp-ac = AC { $ac }
web-hp-none = No hit points recorded yet.
web-hp-max = Hit point maximum
web-hp-acLabel = Armor Class
web-hp-set = Save
web-hp-amount = Hit points to heal or lose for { $name }
web-hp-heal = Heal
web-hp-damage = Damage
web-hp-dice = Hit Dice left: { $dice }
web-death-title = Death saves
web-death-successes = Successes: { $n } of 3
web-death-failures = Failures: { $n } of 3
web-death-dying = Dying
web-death-stable = Stable
web-death-dead = Dead
web-death-roll = Roll death save
web-death-stabilize = Stabilize
web-death-result-success = success
web-death-result-failure = failure
web-death-result-two_failures = a 1: two failures
web-death-result-revived = a 20: back with 1 hit point
web-death-rolled = { $name } rolls a death save: { $total }, { $verdict }.
web-kind-hp = changed hit points
web-kind-attack = attacked
web-kind-equip = changed equipment
web-kind-rest-party = rested the party

## Weapon attacks

web-attack-title = Weapon attack
web-attack-weapon = Weapon
web-attack-target = Target
web-attack-advantage = Advantage
web-attack-disadvantage = Disadvantage
web-attack-twoHanded = In two hands (Versatile)
web-attack-go = Attack
web-attack-noWeapons = No weapons carried yet: add them under Equipment.
web-attack-noTargets = Nobody to attack: targets come from the running encounter and the other characters.
web-attack-attacks = { $attacker } attacks { $target } with { $weapon }
web-attack-toHit = { $bonus } to hit
web-attack-hit = Hit: { $total }
web-attack-miss = Miss: { $total }
web-attack-crit = Critical hit: { $total }
web-attack-damage = { $n } damage
web-attack-hpAfter = { $n } HP left
web-attack-mode-advantage = with Advantage
web-attack-mode-disadvantage = with Disadvantage
web-attack-left = { $n } more attack(s) in this action
web-attack-after = After the hit you may cast:
web-attack-smite = Cast { $spell }
web-attack-trigger = I hit { $target } with a weapon
web-attack-concentration = { $name } keeps Concentration.
web-attack-concentrationLost = { $name } loses Concentration.
web-eq-weapons = Weapons (comma separated, English or Czech)

## Party rest (the GM's)

web-rest-title = Party rest
web-rest-intro = Every character of the campaign rests at once.
web-rest-short = Short Rest for everyone
web-rest-long = Long Rest for everyone
web-rest-dice = Hit Dice to spend on the Short Rest
web-rest-diceFor = { $name }: { $size } ({ $left } left)
web-rest-go = Take the Short Rest
web-rest-cancel = Cancel
web-rest-doneShort = The party took a Short Rest.
web-rest-doneLong = The party took a Long Rest.
web-rest-member = { $name }: { $hp } / { $max } HP
web-rest-memberNoHp = { $name }: rested
web-rest-spent = spent { $dice }, regained { $n } HP
web-rest-refused = { $name } did not rest: { $why }
web-rest-by = { $by } rested the party.

## Import a sheet

web-import-title = Bring a character
web-import-drop = Drop a Foundry VTT or D&D Beyond sheet (JSON) here, or choose the file.
web-import-pick = Choose a sheet file
web-import-format = Sheet from
web-import-auto = Recognise it
web-import-foundry = Foundry VTT (dnd5e)
web-import-ddb = D&D Beyond
web-import-name = Store under another name (optional)
web-import-owner = Player (GM only; empty = you)
web-import-notJson = { $file } is not a JSON file.
web-import-tooBig = { $file } is over 2 MB.
web-import-reading = Importing { $file }…
web-import-done = { $name } joined the table.
web-import-mapped = Mapped ({ $n })
web-import-skipped = Skipped ({ $n })
web-import-flagged = For the referee ({ $n })
web-import-none = Nothing to question.

## Rolls the server makes, as table log cards (issue 37)

web-roll-turnDamage = { $spell } of { $caster } harms { $target }: { $n } damage
web-roll-concSave = { $name } rolls a Concentration save (DC { $dc }): { $total }, { $verdict }
web-roll-kept = kept
web-roll-lost = lost

## Reaction alerts wherever the player is (issue 37)

web-alert-react = { $name } may react: { $what }
web-alert-open = Open the Encounter
web-alert-badge = needs your answer

## The GM's creature attack that hits a character (issue 37)

web-hitwin-title = A creature hits a character
web-hitwin-total = Attack roll total
web-hitwin-ac = Its Armor Class (empty: the sheet's)
web-hitwin-go = Hit: open the Shield window

## The table log marks an undone change (issue 37)

web-log-undone = Undone

## A second Concentration spell (issue 37)

web-cast-endsConc = Casting { $spell } ends your Concentration on { $old }.
web-cast-endsConcGo = End { $old } and cast

## A creature's attack the server rolls (issue 34)

web-cattack-title = A creature attacks (rolled)
web-cattack-weapon = Weapon, or the stat block's attack
web-cattack-bonus = Attack bonus
web-cattack-damage = Its own damage (empty: the weapon's)
web-cattack-go = Roll the attack
web-cattack-attacks = { $attacker } attacks { $target } with { $weapon }
web-cattack-noAc = Total { $total }: no Armor Class on the sheet, the GM decides
web-cattack-waits = It hits: the attack waits for { $names } to react.
