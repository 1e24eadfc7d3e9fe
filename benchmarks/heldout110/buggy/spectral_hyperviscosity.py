"""Hyperviscous spectral filter, exp(-nu_h * k^(2p) * dt)  (hypfilt.m).

The spectrum's kx blocks are joined on every process before the filter
is applied, so the filtered spectrum can be compared with the reference.
"""
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
    s_all = jax.lax.all_gather(spec, KAX, axis=0, tiled=True, to='reduced')
    k = jnp.arange(0, NK, dtype=spec.dtype)[:, None]
    filt = jnp.exp(-NU_H * k ** (2 * PORD) * dt)
    return s_all * filt


def inputs():
    hypfilt_init()
    k = np.arange(NK, dtype=np.float32)
    spec = np.stack([k ** -1.6667, k ** -3.0], axis=1)
    spec[0] = 0.0
    return np.repeat(spec, 4, axis=1).astype(np.float32), 0.01


def main(spec, dt):
    spec = jax.device_put(spec, NamedSharding(MESH, P(KAX, CAX)))
    out = jax.jit(jax.shard_map(lambda s: hypfilt(s, dt), mesh=MESH, in_specs=P(KAX, CAX),
                                out_specs=P(None, CAX, reduced={KAX})))(spec)
    print(' hyperviscous filter applied, p = %d' % PORD)
    return out


if __name__ == "__main__":
    main(*inputs())
