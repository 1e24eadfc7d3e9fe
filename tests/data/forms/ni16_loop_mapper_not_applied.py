import jax
from jax import lax
from jax.sharding import PartitionSpec as P

CASES = (("i", "j"), ("i",))


def build(mesh):
    mappers = []
    for axes in CASES:
        f = jax.shard_map(lambda v: lax.psum(v, axes), mesh=mesh, in_specs=P("i"), out_specs=P())
        mappers.append(f)  # applied after the loop: every lambda reads the last item, ('i',)
    return mappers


def run(mesh, x):
    return build(mesh)[0](x)
