import jax
from jax.sharding import PartitionSpec as P

LAYER_AXES = ["j", ("i", "j")]


def body(h):
    scales = [1.0, 0.5]
    for idx, (axes, scale) in enumerate(zip(LAYER_AXES, scales)):
        h = jax.lax.psum(h * scale, axes)  # SF105: round 2 gets a value invariant on 'j'
    return h


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
