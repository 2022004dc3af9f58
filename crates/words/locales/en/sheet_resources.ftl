# The web sheet's class resource controls (issue 33): what Sorcery Points,
# Innate Sorcery and Magical Cunning buy, and the Short Rest dialog with
# its choices (web/resources.js). `web-cr-*` is the sheet's card,
# `web-sr-*` the Short Rest dialog.

## The card

web-cr-title = Class features
web-cr-font = Font of Magic
web-cr-toPointsLabel = Slot to turn into points
web-cr-toPointsOption = Level { $level } slot ({ $left } left): +{ $points } SP
web-cr-toPointsPact = Pact slot, level { $level } ({ $left } left): +{ $points } SP
web-cr-toPoints = Turn into points
web-cr-toPointsHint = No action.
web-cr-toSlotLabel = Slot to create
web-cr-toSlotOption = Level { $level } slot for { $points } SP
web-cr-toSlot = Create a level { $level } slot ({ $points } SP)
web-cr-toSlotHint = A Bonus Action; slots made from points vanish on a Long Rest.
web-cr-costs = What a slot costs
web-cr-costLevel = Slot level
web-cr-costPoints = Sorcery Points
web-cr-pointsNow = Sorcery Points: { $left } of { $max }
web-cr-toPointsDone = { $name } turned a level { $level } slot into Sorcery Points ({ $left } now).
web-cr-toSlotDone = { $name } made a level { $level } slot from Sorcery Points ({ $left } left).
web-cr-innate = Innate Sorcery
web-cr-innateUses = { $left } of { $max } uses left until a Long Rest.
web-cr-innateActive = Active: { $left } (+1 spell save DC, Advantage on Sorcerer spell attacks).
web-cr-innateStart = Start Innate Sorcery (Bonus Action)
web-cr-innateIncarnate = Start it with Sorcery Incarnate (2 Sorcery Points)
web-cr-innateDone = { $name } starts Innate Sorcery for 1 minute.
web-cr-cunning = Magical Cunning
web-cr-cunningReady = Ready: brings back up to { $n } expended Pact slots (a 1-minute rite, once per Long Rest).
web-cr-cunningGo = Perform the rite
web-cr-cunningDone = { $name } performed the rite: Pact slots { $left } of { $total }.
web-cr-usedUntilLong = Used until a Long Rest.
web-cr-arcane = Arcane Recovery
web-cr-natural = Natural Recovery
web-cr-restoration = Sorcerous Restoration
web-cr-slotsReady = Ready on a Short Rest: expended slots of up to { $n } levels in all, none above level 5.
web-cr-pointsReady = Ready on a Short Rest: up to { $n } spent Sorcery Points back.

## The Short Rest dialog

web-sr-title = Short Rest: { $name }
web-sr-intro = Choose what comes back as the rest finishes.
web-sr-dice = Hit Point Dice to spend
web-sr-diceSize = d{ $size } ({ $left } left)
web-sr-slotLevel = Level { $level } ({ $spent } spent)
web-sr-noneSpent = No slot of level 1 to 5 is spent.
web-sr-chosen = Chosen: { $n } of { $max } slot levels
web-sr-over = Chosen: { $n } of { $max } slot levels, too many
web-sr-restoration = Regain up to { $n } spent Sorcery Points
web-sr-memorize = Memorize Spell
web-sr-forget = Prepared spell to forget
web-sr-learn = Wizard spell to prepare in its place
web-sr-noSwap = no swap
web-sr-go = Finish the Short Rest
web-sr-done = { $name } finished a Short Rest.
web-sr-healed = { $name } finished a Short Rest and regained { $n } hit points.
