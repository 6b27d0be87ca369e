void main() { segueInitGlobals(); segueFragColor = transition(segueUV); }
