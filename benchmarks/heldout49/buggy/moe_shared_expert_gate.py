"""Shared-expert MoE block: routed output mixed with an always-on shared expert by a sigmoid gate."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class SharedExpertConfig:
    d_model: int = 16
    d_ff: int = 32
    gate_axis: str = "expert"


class SharedExpert:
    def __init__(self, cfg):
        self.cfg = cfg

    def forward(self, x, w_gate, w_up, w_down):
        hidden = jax.lax.psum(jax.nn.silu(x @ w_up) @ w_down, self.cfg.gate_axis)
        full = jax.lax.all_gather(w_gate, self.cfg.gate_axis, axis=1, tiled=True, to="reduced")
        g = jnp.clip(full, -4.0, 4.0)
        return hidden * jax.nn.sigmoid(x @ g).mean(axis=-1, keepdims=True)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    cfg = SharedExpertConfig()
    rng = np.random.default_rng(5)
    put = lambda a, s: jax.device_put(a.astype(np.float32), NamedSharding(mesh, s))
    x = put(rng.normal(size=(32, cfg.d_model)), P("data", None))
    w_gate = put(rng.normal(size=(cfg.d_model, 2)) * 0.1, P(None, "expert"))
    w_up = put(rng.normal(size=(cfg.d_model, cfg.d_ff)) * 0.1, P(None, "expert"))
    w_down = put(rng.normal(size=(cfg.d_ff, cfg.d_model)) * 0.1, P("expert", None))
    return mesh, cfg, x, w_gate, w_up, w_down


def main(mesh, cfg, x, w_gate, w_up, w_down):
    block = SharedExpert(cfg)
    f = jax.shard_map(block.forward, mesh=mesh,
                      in_specs=(P("data", None), P(None, "expert"), P(None, "expert"), P("expert", None)),
                      out_specs=P("data", None))
    return f(x, w_gate, w_up, w_down)


if __name__ == "__main__":
    main(*inputs())
