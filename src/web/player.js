// the player
