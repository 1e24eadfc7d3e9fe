"""Near miss of cm4: `main` registers "max" again before building the head, as a reducer that
casts the tokens to varying first, so the pmax runs. A registry some function fills is not read
as the module's loading left it."""
import jax
from jax.sharding import PartitionSpec as P


class Registry(dict):
    def register(self, name, fn=None):
        if fn is None:
            return lambda f: self.register(name, f)
        self[name] = fn
        return fn


REDUCERS = Registry()
REDUCERS.register("sum", jax.lax.psum)
REDUCERS.register("max", jax.lax.pmax)


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
    REDUCERS.register("max", safe_max)
    head = TokenPooling("max")
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
