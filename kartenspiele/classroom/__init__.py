"""The classroom: teacher and pupil roles, classes, the evidence of pupils' work and the
teacher's dashboard."""
