//! Polynomial operations on a device: the layer between the runtime (backends, queues, memory)
//! and the scheme. It owns what a kernel sequence over RNS polynomial arrays needs to be launched
//! safely: coefficient-wise operations ([`poly`]), NTTs with their plans and tables ([`ntt`]),
//! the NTTs fused with the RNS steps of key switching and rescaling ([`ntt::rns`]), and the
//! device report that shows which plan each device would get ([`devices`]). Every safe function
//! here checks shapes, plans and buffer sizes before it launches, so that the unsafe launches of
//! the runtime are reached only within their contract.

pub mod devices;
pub mod ntt;
pub mod poly;
pub mod words;
