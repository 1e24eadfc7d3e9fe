"""Sampled softmax over in-batch candidates with a learned temperature."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class LossConfig:
    temperature: float = 0.05
    candidate_axis: str = "model"


def make_loss_body(cfg: LossConfig):
    def gather_scores(q, items):
        local = q @ items.T
        return jax.lax.all_gather(local, cfg.candidate_axis, axis=1, tiled=True, to="reduced")

    def body(q, items):
        logits = gather_scores(q, items)
        return jax.nn.log_softmax(logits / cfg.temperature, axis=-1)

    return body


def inputs():
    rng = np.random.default_rng(15)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(queries, items):
    cfg = LossConfig()
    mesh = jax.make_mesh((2, 4), ("batch", cfg.candidate_axis))
    queries = jax.device_put(queries, NamedSharding(mesh, P("batch", None)))
    items = jax.device_put(items, NamedSharding(mesh, P(cfg.candidate_axis, None)))
    f = jax.shard_map(make_loss_body(cfg), mesh=mesh,
                      in_specs=(P("batch", None), P(cfg.candidate_axis, None)),
                      out_specs=P("batch", None))
    return f(queries, items)


if __name__ == "__main__":
    main(*inputs())
