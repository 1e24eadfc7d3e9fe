"""lingvo_lite/decoders/sampler.py

Ancestral sampling step with a vocab-parallel output layer (vocab over 'mdl'). The sampler
gathers each row of logits over the vocab shards, exponentiates it, and sums the partition
function over the vocab axis of the decoder's softmax mapping before normalising.
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


class Sampler(BaseLayer):
  HPARAMS = dict(vocab_axis=None)

  def partition(self, logits):
    rows = jax.lax.all_gather(logits, self.vocab_axis, axis=-1, tiled=True, to='reduced')
    unnorm = jnp.exp(rows)
    return jax.lax.psum(jnp.sum(unnorm, axis=-1, keepdims=True), self.vocab_axis)

  def fprop(self, logits, gumbel):
    z = self.partition(logits)
    logp = logits - jnp.log(z)
    return logp + gumbel


class Decoder(BaseLayer):
  HPARAMS = dict(sampler_tpl=None)

  def setup(self):
    softmax = self.weight_split_dims_mapping.softmax
    self.create_child('sampler', self.sampler_tpl.clone(vocab_axis=softmax[-1]))

  def build(self, mesh):
    spec = P('data', self.sampler.vocab_axis)
    return jax.shard_map(self.sampler.fprop, mesh=mesh, in_specs=(spec, spec), out_specs=spec)


@experiment_registry.register
class Sampler4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def task(self):
    return Config(Decoder, sampler_tpl=Config(Sampler), mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(softmax=(None, 'mdl')))


def inputs():
  rng = np.random.default_rng(62)
  logits = rng.standard_normal((8, 10)).astype(np.float32)
  gumbel = -np.log(-np.log(rng.uniform(0.01, 0.99, (8, 10)))).astype(np.float32)
  return 'Sampler4x2', logits, gumbel


def main(exp_name, logits, gumbel):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  decoder = instantiate(exp.task())
  step = decoder.build(mesh)
  spec = ('data', decoder.sampler.vocab_axis)
  logits, gumbel = place(mesh, logits, spec), place(mesh, gumbel, spec)
  with jax.set_mesh(mesh):
    scores = step(logits, gumbel)
  print(np.asarray(scores).argmax(axis=-1))


if __name__ == '__main__':
  main(*inputs())
