"""Studies of the rules by play: the impact of each reading, matches between bots, the balance of a Gang, the ladder of players, and where bulk work runs."""
