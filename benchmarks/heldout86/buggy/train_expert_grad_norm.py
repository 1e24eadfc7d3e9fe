"""Global gradient norm of the expert weights, computed on gathered expert gradients."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class OptimizerConfig:
    learning_rate: float = 0.1
    clip_norm: float = 1.0
    data_axis: str = "data"
    expert_axis: str = "expert"


def expert_view(grads, cfg):
    return jax.tree.map(lambda g: jax.lax.all_gather(g, cfg.expert_axis, axis=0, tiled=True, to="reduced"), grads)


def global_view(grads, cfg):
    return jax.tree.map(lambda g: jax.lax.all_gather(g, (cfg.data_axis, cfg.expert_axis), axis=1, tiled=True,
                                                     to="reduced"), grads)


def loss_fn(params, x):
    h = jax.nn.relu(jnp.einsum("td,edh->eth", x, params["w_in"]))
    return jnp.sum(h * jnp.einsum("td,edh->eth", x, params["w_up"]))


def inputs():
    rng = np.random.default_rng(19)
    return (rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(4, 8, 16)).astype(np.float32),
            rng.normal(size=(4, 8, 16)).astype(np.float32))


def main(x, w_in, w_up):
    cfg = OptimizerConfig()
    mesh = jax.make_mesh((4, 2), (cfg.data_axis, cfg.expert_axis))
    wspec = P(cfg.expert_axis, cfg.data_axis, None)
    params = {"w_in": jax.device_put(w_in, NamedSharding(mesh, wspec)),
              "w_up": jax.device_put(w_up, NamedSharding(mesh, wspec))}
    x = jax.device_put(x, NamedSharding(mesh, P(None, cfg.data_axis)))

    def step(params, x):
        grads = jax.grad(loss_fn)(params, x)
        grads = global_view(expert_view(grads, cfg), cfg)
        return jax.tree.map(lambda g: jnp.sum(jnp.square(g)), grads)

    norms = jax.shard_map(step, mesh=mesh, in_specs=({"w_in": wspec, "w_up": wspec}, P(None, cfg.data_axis)),
                          out_specs=P(reduced={cfg.data_axis, cfg.expert_axis}))(params, x)
    print({k: float(v) for k, v in norms.items()})
    return norms


if __name__ == "__main__":
    main(*inputs())
