"""A library's example asserts a property of a result it cannot know ahead inside
`try: ... except AssertionError:`; where the assertion fails, the history is gathered over
"chan", on which the spectrum still varies (legal); where it holds, over "seg" (JAX rejects it).
Which way the program takes is not known: nothing is certain."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def power(x, mesh, *, keep_history=False, history_axis="seg"):
    chan, seg = mesh.axis_names
    xs = jax.device_put(np.asarray(x, np.float32), NamedSharding(mesh, P(chan, seg)))

    def body(blk):
        psd = jax.lax.pmean(jnp.mean(blk * blk, axis=1), seg)
        if not keep_history:
            return psd
        return psd, jax.lax.all_gather(psd, history_axis, axis=0, tiled=True, to="reduced")

    specs = P(chan)
    if keep_history:
        specs = (specs, P(None if history_axis == chan else chan, reduced={history_axis}))
    return jax.shard_map(body, mesh=mesh, in_specs=P(chan, seg), out_specs=specs)(xs)


def main():
    mesh = jax.make_mesh((2, 4), ("chan", "seg"))
    x = np.sin(np.arange(64, dtype=np.float32)).reshape(4, 16)
    res = power(x, mesh)
    try:
        assert np.all(np.asarray(res) > 1.0)
        axis = "seg"
    except AssertionError:
        axis = "chan"
    return power(x, mesh, keep_history=True, history_axis=axis)


if __name__ == "__main__":
    main()
