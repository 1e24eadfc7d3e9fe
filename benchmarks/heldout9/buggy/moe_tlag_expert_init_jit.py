"""Expert kernels are created by a jitted initialiser that places them over both mesh axes;
an export step regroups them by expert for a per-expert checkpoint."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_LAYOUT = {
    "router": P(None, None, reduced={"data", "expert"}),
    "experts": P("expert", None, reduced={"data"}),
}


def main(key):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    init = jax.jit(lambda k: jax.random.normal(k, (16, 32)),
                   out_shardings=NamedSharding(mesh, P(("data", "expert"), None)))
    experts = init(key)
    router = jax.device_put(jnp.zeros((16, 4)), NamedSharding(mesh, P(("data", "expert"), None)))
    with jax.set_mesh(mesh):
        router_out = top_level_all_gather(router, EXPORT_LAYOUT["router"])
        experts_out = top_level_all_gather(experts, EXPORT_LAYOUT["experts"])
    return router_out, experts_out


def inputs():
    return (jax.random.key(3),)
