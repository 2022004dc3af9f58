# Trvající kouzla a kdy zraňují (issue 31, SRD 5.2).

cli-at-entering = když do kouzla vstoupí
cli-damage-later = Teď žádné zranění: { $spell } zraňuje { $when }.
cli-harm-when-start = tvora na začátku jeho tahu v něm
cli-harm-when-end = tvora, který v něm ukončí svůj tah
cli-harm-when-enter = tvora, který do něj vstoupí (grimoire encounter harm)
cli-harm-or = {" "}nebo{" "}

help-grimoire-encounter-harm = Trvající kouzlo zraní tvora, který do něj vstoupí: vejde mezi Strážní duchy či do Měsíčního paprsku, oblast se přesune na něj, Plamennou kouli do něj vrazíš
help-grimoire-encounter-harm--encounter = Střetnutí
help-grimoire-encounter-harm--creature = Tvor, který do kouzla vstoupil
help-grimoire-encounter-harm--spell = Působící kouzlo (anglický nebo český název)
help-grimoire-encounter-harm--caster = Čí seslání, drží-li kouzlo víc bojovníků

app-reason-no_harm_on_entering = { $spell } nezraňuje nikoho za to, že do něj vstoupí
app-reason-which_caster = kouzlo { $spell } drží víc bojovníků ({ $casters }): urči čí pomocí --caster
