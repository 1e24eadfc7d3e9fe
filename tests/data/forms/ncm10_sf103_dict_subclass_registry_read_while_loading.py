"""Near miss of cm4: the head is built at module level before "max" is registered, so its
`REDUCERS.get("max", safe_max)` finds no entry and keeps `safe_max`, which casts the tokens
first: the pmax runs. A registry is read as filled only when nothing can run between the filling
statements."""
import jax
from jax.sharding import PartitionSpec as P


class Registry(dict):
    def register(self, name, fn=None):
        if fn is None:
            return lambda f: self.register(name, f)
        self[name] = fn
        return fn


def safe_max(x, axis):
    return jax.lax.pmax(jax.lax.pcast(x, axis, to="varying"), axis)


class TokenPooling:
    gather_axis = "j"
    reduce_axis = "j"

    def __init__(self):
        self.reduce = REDUCERS.get("max", safe_max)

    def gather_tokens(self, h):
        return jax.lax.all_gather(h, self.gather_axis, axis=1, to="reduced", tiled=True)

    def __call__(self, h):
        tokens = self.gather_tokens(h)
        return self.reduce(tokens, self.reduce_axis).sum(axis=1)


REDUCERS = Registry()
REDUCERS.register("sum", jax.lax.psum)
HEAD = TokenPooling()
REDUCERS.register("max", jax.lax.pmax)


def main(mesh, x):
    return jax.shard_map(HEAD, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
