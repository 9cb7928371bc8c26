"""The referee of a match (:mod:`.referee`): its header tags (:mod:`.header`), player
names (:mod:`.names`), each hand's score line (:mod:`.scorelines`)."""
