void main() { gl_FragColor = transition(segueUV); }
