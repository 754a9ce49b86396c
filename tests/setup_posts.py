"""Valid posts of the setup page's add forms (desk/views/setup.py), without their once-keys, for
the tests that post them (tests/desk/views/test_setup_pages.py, tests/test_number_limits.py):
Lentulus the lanista, Clodius the editor, and Oenomaus the gaul with an Era sheet (`SHEET`)."""

SHEET = {
    "might": 3,
    "agility": 2,
    "intellect": 2,
    "cunning": 2,
    "willpower": 2,
    "charisma": 2,
    "melee": 2,
    "charm": 1,
    "medicine": 0,
    "operate": 0,
    "resilience": 1,
    "vigilance": 1,
    "athletics": 1,
}
LANISTA = {
    "lanista-name": "Lentulus",
    "lanista-school": "Lentulus's ludus",
    "lanista-city": "Capua",
    "lanista-charisma": 2,
    "lanista-charm": 1,
    "lanista-medicus_name": "Diocles",
    "lanista-medicus_intellect": 3,
    "lanista-medicus_medicine": 2,
    "lanista-chest": 4_000,
}
EDITOR = {
    "editor-name": "Clodius",
    "editor-office": "aedile",
    "editor-base_dignitas": 3,
    "editor-purse": 8_000,
}
GLADIATOR = {
    "gladiator-name": "Oenomaus",
    "gladiator-armatura": "gaul",
    "gladiator-legal_status": "slave",
    "gladiator-price_purses": 8,
    **{f"gladiator-{k}": v for k, v in SHEET.items()},
}
