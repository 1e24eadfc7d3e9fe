"""A forward pre-hook that shares teacher-forcing targets across the batch for a handwriting decoder."""
from collections import OrderedDict

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "heads"))


class Module:
    def __init__(self):
        self._forward_pre_hooks = OrderedDict()

    def register_forward_pre_hook(self, hook):
        self._forward_pre_hooks[len(self._forward_pre_hooks)] = hook

    def __call__(self, *args):
        for hook in self._forward_pre_hooks.values():
            new = hook(self, args)
            if new is not None:
                args = new if isinstance(new, tuple) else (new,)
        return self.forward(*args)


class ShareTargets:
    """Pre-hook: every shard sees the whole batch's target lengths."""

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, module, args):
        lengths, feats = args
        return jax.lax.all_gather(lengths, self.axis, tiled=True, to="reduced"), feats


class Decoder(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis
        self.register_forward_pre_hook(ShareTargets(axis))

    def forward(self, lengths, feats):
        longest = jax.lax.pmax(lengths, self.axis)
        return feats.sum(axis=1), longest


def inputs():
    rng = np.random.default_rng(32)
    lengths = rng.integers(5, 30, size=(8,)).astype(np.float32)
    feats = rng.normal(size=(8, 10, 4)).astype(np.float32)
    return (jax.device_put(lengths, NamedSharding(MESH, P("batch"))),
            jax.device_put(feats, NamedSharding(MESH, P("batch", None, "heads"))))


def main(lengths, feats):
    dec = Decoder("batch")
    fn = jax.shard_map(dec, mesh=MESH, in_specs=(P("batch"), P("batch", None, "heads")),
                       out_specs=(P("batch", "heads"), P(None)))
    pooled, longest = fn(lengths, feats)
    print("pooled:", pooled.shape, "longest:", np.asarray(longest))


if __name__ == "__main__":
    main(*inputs())
