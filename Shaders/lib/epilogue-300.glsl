void main() { segueFragColor = transition(segueUV); }
