"""An HParams argument left out and filled in the function (`if hp is None: hp = HParams(...)`);
the body scales the gathered value by the hparams' constant."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class HParams:
    axis: str = "i"
    scale: float = 0.5


def scaled_rows(mesh, h, hp=None):
    if hp is None:
        hp = HParams(axis="j")

    def body(v):
        rows = jax.lax.all_gather(v, hp.axis, axis=1, tiled=True, to="reduced")
        return rows * hp.scale  # SF106

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, hp.axis),
                         out_specs=P(None, None, reduced={hp.axis}))(h)


def run(mesh, x):
    return scaled_rows(mesh, jnp.asarray(x))
