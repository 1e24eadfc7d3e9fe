"""Distil-Whisper data filtering: the fraction of pseudo-labels kept under the WER threshold."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_filter_stats(mesh, threshold=0.1):
    data_axis, hidden_axis = mesh.axis_names

    def kept_fraction(wer):
        keep = (wer <= threshold).astype(jnp.float32)
        return jax.lax.pmean(keep.mean(), axis_name=(data_axis, hidden_axis))

    return jax.shard_map(kept_fraction, mesh=mesh, in_specs=P(data_axis, None), out_specs=P())


def inputs():
    return (np.linspace(0.0, 0.3, 8 * 4, dtype=np.float32).reshape(8, 4),)


def main(wer):
    mesh = jax.make_mesh((2, 4), ("data", "hidden"))
    wer = jax.device_put(wer, NamedSharding(mesh, P("data", None)))
    return make_filter_stats(mesh)(wer)


if __name__ == "__main__":
    main(*inputs())
