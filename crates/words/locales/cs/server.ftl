# Vlastní zprávy serveru (ServerError), v jazyce požadavku.

## Požadavek

# $detail: co řekl axum, serde nebo parser JSON, anglicky; nechte ho na
# konci za dvojtečkou jako technický detail.
server-unreadable = požadavek nelze přečíst: { $detail }
server-json_content_type = pošlete tělo jako JSON s hlavičkou Content-Type: application/json
server-json_syntax = tělo není platný JSON (řádek { $line }, sloupec { $column }): { $detail }
server-json_eof = tělo JSON končí předčasně (řádek { $line }, sloupec { $column })
server-body_not_object = tělo musí být objekt JSON, jak popisuje schéma operace
server-body_mismatch = tělo JSON neodpovídá schématu operace: { $detail }
server-body_field = pole { $field } neodpovídá schématu operace: { $detail }
server-query_mismatch = parametry v adrese neodpovídají operaci: { $detail }
server-query_field = parametr { $field } v adrese nelze přečíst: { $detail }
server-body_too_large = tělo požadavku je větší než limit { $limit } bajtů (2 MiB); pošlete méně
server-no_route = taková adresa neexistuje
server-request_timeout = požadavek trval déle než { $seconds } s a byl zastaven; pokud žádal o změnu, před dalším odesláním se podívejte, zda proběhla
server-too_many_requests = { $what }; zkuste to znovu za { $seconds } s
server-rate-failed_sign_ins = z vaší adresy přišlo příliš mnoho chybných tokenů (platný token dál funguje)
server-rate-accounts_from_address = z vaší adresy vzniklo příliš mnoho účtů
server-rate-accounts_on_server = na tomto serveru vzniklo příliš mnoho účtů
server-rate-tokens_from_address = z vaší adresy vzniklo příliš mnoho tokenů
server-too_many_streams = otevřeno příliš mnoho živých přenosů (nejvýš { $per_account } na účet, { $total } celkem); jeden zavřete

## Tokeny, kampaně a role

server-token-missing = chybí platný API token: pošlete Authorization: Bearer <token>
server-token-malformed = chybná hlavička Authorization
server-token-not_bearer = chybná hlavička Authorization: čekáme Bearer <token>
server-token-unknown = neznámý nebo zrušený API token
server-token-expired = platnost tohoto API tokenu vypršela; přihlaste se znovu a získejte nový
server-too_many_tokens = účet smí mít nejvýš { $max } tokenů; nejdřív jeden zrušte (GET /me/tokens, DELETE /me/tokens/{"{"}id{"}"})
server-unknown_token = nemáte žádný token s id „{ $id }“ (viz GET /me/tokens)
server-bad_campaign_id = id kampaně „{ $id }“ musí mít 1–40 znaků z a-z, 0-9 a -
server-not_member = nejste členem kampaně „{ $id }“
server-unknown_account = účet „{ $account }“ neexistuje
server-unknown_player = „{ $account }“ nehraje v kampani „{ $campaign }“
server-owner_not_member = „{ $account }“ není členem této kampaně
server-not_owner = „{ $character }“ patří jinému hráči; jednat za ni smí jen majitel nebo GM
server-gm_only = jen GM kampaně „{ $campaign }“ smí { $action }
server-gm-add_players = přidávat hráče
server-gm-remove_players = odebírat hráče
server-gm-invite_players = zvát hráče
server-gm-create_encounters = zakládat střetnutí
server-gm-run_encounters = řídit střetnutí
server-gm-upload_homebrew = nahrávat vlastní kouzla
server-gm-set_house_rules = měnit domácí pravidla
server-gm-creature_attack = útočit tvorem
server-gm-party_rest = nechat odpočinout celou družinu
server-gm-create_for_others = zakládat postavy jiným hráčům
server-gm-answer_for_others = odpovídat za jiné
server-gm_answers_for = za { $name } odpovídá jen GM

## Hodnoty mimo meze

server-range = { $field } musí být { $min }–{ $max }
server-range-to = { $field } musí být od { $min } do { $max }
server-bad_duration = rounds musí být { $min }–{ $max } (jeden den)
server-bad_top = top musí být od { $min } do { $max }
server-bad_before = before musí být id změny (1 nebo víc)
server-too_many_targets = nejvýš { $max } cílů
server-too_many_relaxed = relaxed smí uvést nejvýš { $max } pravidel
server-too_many_materials = nejvýš { $hands } volné ruce a { $materials } surovin po { $chars } znacích
server-unknown_house_rule = relaxed: „{ $rule }“ nelze uvolnit; stůl může uvolnit R10, R11 nebo R14
server-dice = kostky: { $detail }
server-cast-unknown_field = neznámé pole { $field }; seslání kouzla zná jen: { $fields }
server-cast-on_hit = on_hit_damage doplňuje server; neposílejte ho

## Střetnutí

server-encounter_not_started = { $encounter } ještě nezačalo; nejdřív ho spusťte
server-encounter_running = { $encounter } už běží
server-join_before_start = účastníci se přidávají před začátkem střetnutí
server-already_in_encounter = { $name } už je ve střetnutí { $encounter }
server-missing_ac = { $target } nemá zapsané AC; zadejte ac

## Úložiště a selhání serveru

server-busy = právě probíhají jiné změny: { $kind } „{ $name }“; zkuste to znovu
server-store-read_only = databáze je jen pro čtení; správce ji musí zpřístupnit pro zápis (opakování nepomůže)
server-store-unavailable = databáze je nedostupná; zkuste to znovu
server-database_lost = soubor databáze byl za běhu serveru smazán nebo nahrazen; nic dalšího se nečte ani nezapisuje, dokud ho správce neobnoví a server nerestartuje
server-outcome_unknown = databáze příliš dlouho neodpověděla, zda změnu uložila; možná ano: než ji pošlete znovu, podívejte se
server-internal = vnitřní chyba serveru

## Deníky z jiných nástrojů (issue 36)

server-import-the_sheet = deník
server-gm-import_for_others = importovat postavy jiným hráčům

## Pozvánky (issue 37)

server-invalid_invite = pozvánka pustí 1–{ $uses } hráčů a platí 1–{ $hours } hodin
server-too_many_invites = kampaň smí mít nejvýš { $max } platných pozvánek; nejdřív jednu zrušte
server-unknown_invite = kampaň nemá platnou pozvánku s id „{ $id }“
server-invite_unusable = tahle pozvánka už nikoho nepustí: GM ji zrušil, je vyčerpaná nebo jí vypršela platnost; požádejte GM o novou
