"""Decoder layers with sequence parallelism: the residual stream is gathered before each block."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class RunnerConfig:
    num_layers: int = 2
    residual_scale: float = 0.5
    axes: dict = field(default_factory=lambda: {"batch": "dp", "sequence": "tp"})


class DecoderRunner:
    def __init__(self, cfg: RunnerConfig):
        self.cfg = cfg
        self.seq_axis = cfg.axes["sequence"]

    def block(self, x, w):
        return jnp.tanh(x @ w)

    def forward(self, h, weights):
        contexts = []
        for i in range(self.cfg.num_layers):
            full = jax.lax.all_gather(h, self.seq_axis, axis=1, tiled=True, to="reduced")
            contexts.append(self.block(full * self.cfg.residual_scale, weights[i]))
            h = h + self.block(h, weights[i])
        return h, jnp.stack(contexts)


def inputs():
    rng = np.random.default_rng(14)
    h = rng.normal(size=(4, 16, 8)).astype(np.float32)
    weights = (0.1 * rng.normal(size=(2, 8, 8))).astype(np.float32)
    return h, weights


def main(h, weights):
    cfg = RunnerConfig()
    mesh = jax.make_mesh((2, 4), (cfg.axes["batch"], cfg.axes["sequence"]))
    h = jax.device_put(h, NamedSharding(mesh, P("dp", "tp", None)))
    weights = jax.device_put(weights, NamedSharding(mesh, P()))
    runner = DecoderRunner(cfg)
    fwd = jax.shard_map(runner.forward, mesh=mesh, in_specs=(P("dp", "tp", None), P()),
                        out_specs=(P("dp", "tp", None), P(None, "dp", None, None)))
    return fwd(h, weights)


if __name__ == "__main__":
    main(*inputs())
