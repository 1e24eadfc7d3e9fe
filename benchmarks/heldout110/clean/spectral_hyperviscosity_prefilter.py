"""Hyperviscous filter (hypfilt.m): each kx block is filtered with its own
wavenumbers, then the filtered blocks are joined."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NK = 32
NU_H = 1.0e-6
PORD = 4
KAX = None
CAX = None
MESH = None


def hypfilt_init(axes='kx,comp'):
    global KAX, CAX, MESH
    KAX, CAX = axes.split(',')
    MESH = jax.make_mesh((4, 2), (KAX, CAX))


def hypfilt(spec, dt):
    nloc = spec.shape[0]
    k = (jax.lax.axis_index(KAX) * nloc + jnp.arange(nloc, dtype=jnp.int32)).astype(spec.dtype)[:, None]
    filt = jnp.exp(-NU_H * k ** (2 * PORD) * dt)
    return jax.lax.all_gather(spec * filt, KAX, axis=0, tiled=True, to='reduced')


def inputs():
    hypfilt_init()
    k = np.arange(1, NK + 1, dtype=np.float32)
    spec = np.stack([k ** -1.6667, k ** -3.0], axis=1)
    return np.repeat(spec, 4, axis=1).astype(np.float32), 0.01


def main(spec, dt):
    spec = jax.device_put(spec, NamedSharding(MESH, P(KAX, CAX)))
    out = jax.jit(jax.shard_map(lambda s: hypfilt(s, dt), mesh=MESH, in_specs=P(KAX, CAX),
                                out_specs=P(None, CAX, reduced={KAX})))(spec)
    print(' hyperviscous filter applied, p = %d' % PORD)
    return out


if __name__ == "__main__":
    main(*inputs())
