"""The game told to people: the words in German, French and English, replays told Schwung by Schwung, and a match against a bot in the terminal."""
