"""Near miss of cm4: the registry's `__getitem__` maps names through an alias table, so
`REDUCERS["max"]` is the reducer filed as "safe_max", which casts the tokens to varying first.
A dict subclass that binds a dunder may read its items any way."""
import jax
from jax.sharding import PartitionSpec as P

ALIASES = {"max": "safe_max"}


class Registry(dict):
    def __getitem__(self, key):
        return dict.__getitem__(self, ALIASES.get(key, key))

    def register(self, name, fn=None):
        if fn is None:
            return lambda f: self.register(name, f)
        self[name] = fn
        return fn


REDUCERS = Registry()
REDUCERS.register("max", jax.lax.pmax)


@REDUCERS.register("safe_max")
def safe_max(x, axis):
    return jax.lax.pmax(jax.lax.pcast(x, axis, to="varying"), axis)


class TokenPooling:
    gather_axis = "j"
    reduce_axis = "j"

    def __init__(self, reduction="max"):
        self.reduce = REDUCERS[reduction]

    def gather_tokens(self, h):
        return jax.lax.all_gather(h, self.gather_axis, axis=1, to="reduced", tiled=True)

    def __call__(self, h):
        tokens = self.gather_tokens(h)
        return self.reduce(tokens, self.reduce_axis).sum(axis=1)


def main(mesh, x):
    head = TokenPooling("max")
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
