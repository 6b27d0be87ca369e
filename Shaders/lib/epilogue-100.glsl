void main() { segueInitGlobals(); gl_FragColor = transition(segueUV); }
