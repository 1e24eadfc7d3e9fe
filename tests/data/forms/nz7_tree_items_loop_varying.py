import jax
from jax.sharding import PartitionSpec as P


def body(shards):
    out = {}
    for name, w in shards.items():
        out[name] = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")  # each leaf varies on i
    return out


def keys_only(shards):
    names = [name for name in shards.keys()]
    return jax.lax.psum(shards["a"], "i") * len(names)


def run(mesh, x):
    shards = {"a": x, "b": x}
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(shards)
    return first, jax.shard_map(keys_only, mesh=mesh, in_specs=P("i"), out_specs=P())(shards)
