import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Synapses:
    """Plastic synapses, pre-synaptic rows over 'pop', post-synaptic columns over 'neuron'."""

    pre_axis = "pop"
    post_axis = "neuron"
    a_plus, a_minus = 0.01, 0.012

    def stdp(self, w, pre_trace, post_trace):
        dw = self.a_plus * pre_trace[:, None] - self.a_minus * post_trace[None, :]
        return jnp.clip(w + dw, 0.0, 1.0)

    def weights(self, w):
        return jax.lax.all_gather(w, self.post_axis, axis=1, tiled=True, to="reduced")

    def snapshot(self, w):
        rows = self.weights(w)
        return jax.lax.all_gather(rows, (self.pre_axis, self.post_axis), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(61)
    return (rng.uniform(size=(32, 32)).astype(np.float32),
            rng.uniform(size=(32,)).astype(np.float32),
            rng.uniform(size=(32,)).astype(np.float32))


def main(w, pre, post):
    syn = Synapses()
    mesh = jax.make_mesh((2, 4), (syn.pre_axis, syn.post_axis))
    w_spec = P(syn.pre_axis, syn.post_axis)
    w = jax.device_put(w, NamedSharding(mesh, w_spec))
    pre = jax.device_put(pre, NamedSharding(mesh, P(syn.pre_axis)))
    post = jax.device_put(post, NamedSharding(mesh, P(syn.post_axis)))

    def body(w, pre, post):
        w = syn.stdp(w, pre, post)
        return w, syn.snapshot(w)

    return jax.shard_map(body, mesh=mesh, in_specs=(w_spec, P(syn.pre_axis), P(syn.post_axis)),
                         out_specs=(w_spec, P(reduced={syn.pre_axis, syn.post_axis})))(w, pre, post)


if __name__ == "__main__":
    w, snap = main(*inputs())
    print(snap.shape)
