"""Batched MCTS selection: PUCT scores at the root, priors and visit counts sharded over actions."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    c_puct: float = 1.25
    num_simulations: int = 3
    batch_axis: str = "batch"
    action_axis: str = "action"


class PUCTSelector:
    def __init__(self, cfg):
        self.cfg = cfg
        self.c_puct = cfg.c_puct

    def select(self, prior_logits, q_values, visits):
        ax = self.cfg.action_axis
        prior = jax.lax.all_gather(jax.nn.softmax(prior_logits), ax, axis=1, tiled=True, to="invarying")
        q = jax.lax.all_gather(q_values, ax, axis=1, tiled=True, to="invarying")
        n = jax.lax.all_gather(visits, ax, axis=1, tiled=True, to="invarying")
        parent = n.sum(axis=-1, keepdims=True)
        explore = self.c_puct * prior * jnp.sqrt(parent) / (1.0 + n)
        return jnp.argmax(q + explore, axis=-1)


def make_search_step(cfg, mesh):
    selector = PUCTSelector(cfg)
    spec = P(cfg.batch_axis, cfg.action_axis)
    return jax.jit(jax.shard_map(selector.select, mesh=mesh, in_specs=(spec, spec, spec),
                                 out_specs=P(cfg.batch_axis)))


def inputs():
    rng = np.random.default_rng(27)
    B, A = 8, 8
    return (rng.normal(size=(B, A)).astype(np.float32), rng.normal(size=(B, A)).astype(np.float32),
            rng.integers(0, 5, size=(B, A)).astype(np.float32))


def main(prior_logits, q_values, visits):
    cfg = SearchConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.action_axis))
    sharding = NamedSharding(mesh, P(cfg.batch_axis, cfg.action_axis))
    prior_logits, q_values, visits = (jax.device_put(x, sharding) for x in (prior_logits, q_values, visits))
    step = make_search_step(cfg, mesh)
    actions = None
    for _ in range(cfg.num_simulations):
        actions = step(prior_logits, q_values, visits)
        visits = visits + 1.0
    return actions


if __name__ == "__main__":
    main(*inputs())
