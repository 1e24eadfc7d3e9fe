"""summon_full_params for a layout transformer's 2-D position embeddings (FSDP port to shard_map)."""
import contextlib
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


@dataclass
class FSDPState:
    shard_axis: str = "fsdp"
    tp_axis: str = "tp"
    full: dict = field(default_factory=dict)


class LayoutFSDP:
    def __init__(self, state=None):
        self.state = state or FSDPState()

    def _unshard(self, name, shard):
        return jax.lax.all_gather(shard, self.state.shard_axis, tiled=True, to="reduced")

    @contextlib.contextmanager
    def summon_full_params(self, params):
        self.state.full = {k: self._unshard(k, v) for k, v in params.items()}
        try:
            yield self.state.full
        finally:
            pass

    def writeback_view(self, full):
        axes = self.state.tp_axis
        return {k: jax.lax.all_gather(v, axes, tiled=True, to="reduced") for k, v in full.items()}


def export_pos_embeddings(x_emb, y_emb):
    fsdp = LayoutFSDP()
    with fsdp.summon_full_params({"x": x_emb, "y": y_emb}) as full:
        view = fsdp.writeback_view(full)
    return view["x"], view["y"]


def inputs():
    rng = np.random.default_rng(21)
    s = NamedSharding(MESH, P(("fsdp", "tp"), None))
    return tuple(jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), s) for _ in range(2))


def main(x_emb, y_emb):
    spec = P(("fsdp", "tp"), None)
    out = P(None, None, reduced={"fsdp", "tp"})
    fn = jax.shard_map(export_pos_embeddings, mesh=MESH, in_specs=(spec, spec), out_specs=(out, out))
    x, y = fn(x_emb, y_emb)
    print("position tables:", x.shape, y.shape)


if __name__ == "__main__":
    main(*inputs())
