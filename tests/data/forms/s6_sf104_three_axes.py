import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXES = ("data", "fsdp", "tp")


def main(x):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(AXES)))
        b = top_level_all_gather(a, P("data"))  # SF104
        d = top_level_all_gather(a, P(("fsdp", "data")))  # SF104
        e = top_level_all_gather(a, P(None, reduced={"data", "fsdp", "tp"}))  # none
        f = jax.jit(lambda v: v * 2, out_shardings=NamedSharding(mesh, P(("tp", "data"))))(a)
        g = top_level_all_gather(f, P("data", reduced={"tp"}))  # SF104
        h = top_level_all_gather(f, P("tp", reduced={"data"}))  # none
        k = jax.sharding.reshard(f, P(("data", "fsdp", "tp")))
        m = top_level_all_gather(k, P(("data", "tp")))  # SF104
    return b, d, e, g, h, m
