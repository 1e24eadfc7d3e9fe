"""Training-step metrics: router statistics gathered per metric for the host-side logger."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, EXPERT = "data", "expert"

METRIC_AXES = {
    "router_entropy": EXPERT,
    "load_balance": EXPERT,
}


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    num_experts: int = 8
    aux_weight: float = 0.01
    metrics: tuple = ("router_entropy", "load_balance")


def router_metrics(logits, cfg):
    probs = jax.nn.softmax(logits, axis=-1)
    entropy = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1)
    density = jax.nn.one_hot(jnp.argmax(logits, -1), cfg.num_experts).mean(axis=0)
    balance = jax.lax.psum(density * probs.mean(axis=0), DATA) * cfg.num_experts
    return {"router_entropy": entropy, "load_balance": balance}


def gather_metrics(metrics, names):
    return {name: jax.lax.all_gather(metrics[name], METRIC_AXES[name], axis=0, tiled=True, to="reduced")
            for name in names}


def inputs():
    rng = np.random.default_rng(18)
    return rng.normal(size=(32, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(tokens, w_router):
    cfg = TrainConfig()
    mesh = jax.make_mesh((4, 2), (DATA, EXPERT))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P((DATA, EXPERT), None)))

    def step(x, w):
        return gather_metrics(router_metrics(x @ w, cfg), cfg.metrics)

    out_specs = {"router_entropy": P(DATA, reduced={EXPERT}), "load_balance": P(reduced={EXPERT})}
    metrics = jax.shard_map(step, mesh=mesh, in_specs=(P((DATA, EXPERT), None), P()),
                            out_specs=out_specs)(tokens, w_router)
    print({k: v.shape for k, v in metrics.items()})
    return metrics


if __name__ == "__main__":
    main(*inputs())
