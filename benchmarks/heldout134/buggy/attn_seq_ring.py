"""lingvo_lite/layers/attentions/seq_parallel_attention.py

Sequence-parallel attention: the sequence is split over 'seq'. Keys are gathered over the
sequence shards; the values travel around the ring of sequence shards (ppermute), one block per
step, and are combined with the matching key blocks.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class RingValues(BaseLayer):
  HPARAMS = dict(ring_axis=None, ring_size=0)

  def fprop(self, v):
    perm = [(i, (i + 1) % self.ring_size) for i in range(self.ring_size)]
    return jax.lax.ppermute(v, self.ring_axis, perm)


class SeqParallelAttention(BaseLayer):
  HPARAMS = dict(dim=0, ring_tpl=None, ring_size=0)

  def setup(self):
    seq_axis = self.activation_split_dims_mapping.qkv[1]
    self.create_child('ring', self.ring_tpl.clone(ring_axis=seq_axis, ring_size=self.ring_size))

  def _body(self, q, k, v):
    seq_axis = self.activation_split_dims_mapping.qkv[1]
    k_all = jax.lax.all_gather(k, seq_axis, axis=1, tiled=True, to='reduced')
    v_all = jax.lax.all_gather(v, seq_axis, axis=1, tiled=True, to='reduced')
    scores = jnp.einsum('btd,bsd->bts', q, k_all)
    blocks = []
    values = v_all
    for _ in range(self.ring_size):
      values = self.ring(values)
      blocks.append(jnp.einsum('bts,bsd->btd', scores, values))
    return sum(blocks)

  def fprop(self, mesh, q, k, v):
    spec = split_spec(self.activation_split_dims_mapping.qkv)
    return jax.shard_map(self._body, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)(q, k, v)


@experiment_registry.register
class SeqParallel2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'seq')

  def task(self):
    return Config(SeqParallelAttention, dim=4, ring_size=self.ici_mesh_shape[1],
                  ring_tpl=Config(RingValues),
                  mesh_axis_names=self.mesh_axis_names,
                  activation_split_dims_mapping=SplitDims(qkv=('data', 'seq', None)))


def inputs():
  rng = np.random.default_rng(1)
  q, k, v = (rng.standard_normal((2, 8, 4)).astype(np.float32) for _ in range(3))
  return 'SeqParallel2x4', q, k, v


def main(exp_name, q, k, v):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  spec = layer.activation_split_dims_mapping.qkv
  q, k, v = (place(mesh, a, spec) for a in (q, k, v))
  with jax.set_mesh(mesh):
    out = layer.fprop(mesh, q, k, v)
  print(out.shape)


if __name__ == '__main__':
  main(*inputs())
