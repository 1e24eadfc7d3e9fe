import jax
from jax.sharding import PartitionSpec as P


def body(h):
    stats = {"mean": jax.lax.pmean(h, "i"), "raw": h}
    match stats:
        case {"max": m}:
            return jax.lax.all_gather(m, "i", to="reduced", tiled=True)  # none: no "max" key
        case {"raw": r}:
            return jax.lax.all_gather(r, "i", to="reduced", tiled=True)  # none: r varies on 'i'
    return h


def pair(h):
    match (jax.lax.pmean(h, "i"), h):
        case (a, b, c):
            return jax.lax.all_gather(a, "i", to="reduced", tiled=True)  # none: three names, two items
        case (a, b):
            return jax.lax.all_gather(b, "i", to="reduced", tiled=True)  # none: b varies on 'i'
    return h


def run(mesh, x):
    f = lambda body: jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
    return f(body), f(pair)
