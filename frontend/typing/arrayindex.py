"""(being written: see the module of the same name in targets/cpu)"""
