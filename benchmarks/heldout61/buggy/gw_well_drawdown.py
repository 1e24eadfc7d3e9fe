"""Drawdown around pumping wells and the dry-cell mask of an unconfined layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {
    "axes": {"layer": "row", "strip": "col"},
    "bottom": 5.0,
    "initial_head": 30.0,
}


def drawdown_map(head, settings=SETTINGS):
    strip = settings["axes"]["strip"]
    h_strip = jax.lax.all_gather(head, strip, axis=1, tiled=True, to="reduced")
    s = settings["initial_head"] - h_strip
    dry = h_strip < settings["bottom"]
    return jnp.where(dry, 0.0, s)


def inputs():
    rng = np.random.default_rng(25)
    head = (30.0 - np.abs(rng.normal(size=(16, 8))) * 10).astype(np.float32)
    return (head,)


def main(head):
    axes = SETTINGS["axes"]
    mesh = jax.make_mesh((4, 2), (axes["layer"], axes["strip"]))
    head = jax.device_put(head, NamedSharding(mesh, P(axes["layer"], axes["strip"])))
    fn = jax.shard_map(drawdown_map, mesh=mesh, in_specs=P(axes["layer"], axes["strip"]),
                       out_specs=P(axes["layer"], None))
    return fn(head)


if __name__ == "__main__":
    main(*inputs())
