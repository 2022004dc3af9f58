## Popisky hodů (RollLabel pravidel, v JSON `kind`): CLI, server i webový
## stůl je ukazují u kostek. Web je plní jako šablony `{name}`: jen text a
## proměnné.

roll-attack = útok na { $target }
roll-save = záchrana { $ability } ({ $target })
roll-damage = { $type } zranění
roll-damage-against = { $type } zranění proti: { $types }
roll-healing = léčení ({ $target })
roll-concentration = Soustředění (záchrana ODL)
roll-death-save = záchrana před smrtí
roll-scroll-check = ověření svitku (SO { $dc })
roll-study = Zkoumání: Inteligence (Mystika)
roll-rests-locked = Dlouhé odpočinky, než se schopnost vrátí
roll-spell-recall = Dar vybavení kouzla (pozice { $level }. úrovně)
roll-bonus = { $roll }, bonus
roll-penalty = { $roll }, postih
roll-or = nebo
