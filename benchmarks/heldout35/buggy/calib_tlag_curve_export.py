"""Reliability-diagram export: the calibration curve table, in a dataclass-described layout."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class CurveLayout:
    compute: P = field(default_factory=lambda: P("model", "bucket"))
    export: P = field(default_factory=lambda: P("model", None))


def reliability_curve(pred, observed):
    return jnp.stack([pred, observed, observed - pred])


def export_curve(curve, layout):
    return top_level_all_gather(curve, layout.export)


def inputs():
    pred = np.linspace(0.05, 0.95, 4 * 16, dtype=np.float32).reshape(4, 16)
    return pred, np.clip(pred * 1.1, 0, 1).astype(np.float32)


def main(pred, observed):
    mesh = jax.make_mesh((4, 2), ("model", "bucket"))
    layout = CurveLayout()
    table = jax.device_put(reliability_curve(pred, observed)[0], NamedSharding(mesh, layout.compute))
    with jax.set_mesh(mesh):
        return export_curve(table, layout)


if __name__ == "__main__":
    print(main(*inputs()))
