"""The HTTP layer: one blueprint per resource, and one error shape for all of them.

Views stay thin (load -> call -> dump): the rules live in ``referee``/``audit``.
"""
