"""Router logits dumped for offline analysis, one layout per router kind."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TOKEN_AXES = ("data", "expert")

DUMP_LAYOUTS = {
    "top_k": P(TOKEN_AXES[0], None, reduced={"expert"}),
    "expert_choice": P(TOKEN_AXES[1], None, reduced={"data"}),
    "hash": P(None, None, reduced=set(TOKEN_AXES)),
}


@dataclasses.dataclass(frozen=True)
class DumpConfig:
    router: str = "expert_choice"
    num_experts: int = 8


def router_logits(mesh):
    sharding = NamedSharding(mesh, P(TOKEN_AXES, None))

    @jax.jit
    def logits(tokens, w_router):
        return jax.lax.with_sharding_constraint(tokens @ w_router, sharding)

    return logits


def dump(logits, cfg):
    return top_level_all_gather(logits, DUMP_LAYOUTS[cfg.router])


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = DumpConfig()
    mesh = jax.make_mesh((2, 4), TOKEN_AXES)
    tokens = jax.device_put(tokens, NamedSharding(mesh, P(TOKEN_AXES, None)))
    w_router = jax.device_put(w_router, NamedSharding(mesh, P()))
    with jax.set_mesh(mesh):
        logits = router_logits(mesh)(tokens, w_router)
        table = dump(logits, cfg)
    print("dumped", table.shape)
    return table


if __name__ == "__main__":
    main(*inputs())
