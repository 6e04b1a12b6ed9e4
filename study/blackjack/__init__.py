"""Blackjack in a shoe study (``game``): each round's exact values on the cards left, its play."""
