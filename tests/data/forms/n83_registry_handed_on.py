import jax
from jax import lax
from jax.sharding import PartitionSpec as P

GATHERS = {}

def registered(fn):
    GATHERS[fn.__name__] = fn
    return fn

@registered
def rows(w):
    return lax.all_gather(w, "i", tiled=True, to="reduced")

@registered
def twice(w):
    once = GATHERS["rows"](w)
    return lax.all_gather(once, "i", axis=1, tiled=True, to="reduced")

KIND = "twice"

def run(mesh, x):
    return jax.shard_map(lambda v: GATHERS[KIND](v), mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)

def extend(table):
    return sorted(table)

NAMES = extend(GATHERS)
