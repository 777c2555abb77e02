#!/usr/bin/perl
# Harvests the journal's OAI-PMH repository with a real harvester, Perl's HTTP::OAI (Debian's
# libhttp-oai-perl), and prints what the library understood as JSON, for oai-pmh.int-spec.ts.
#
#   perl oai-harvest.pl BASE_URL VERB [NAME=VALUE ...]
#
# The library follows resumption tokens itself: every item of every page reaches onRecord, and
# `requests` counts the HTTP requests it made. `force=1` makes it send a request it would refuse
# to send (an unknown verb, a missing argument), so the repository's own errors can be seen.
use strict;
use warnings;
use HTTP::OAI;
use HTTP::OAI::Metadata::OAI_DC;
use JSON::PP;

my ($base_url, $verb, @pairs) = @ARGV;
die "usage: $0 BASE_URL VERB [NAME=VALUE ...]\n" unless defined $base_url && defined $verb;
my %args = map { my ($name, $value) = split /=/, $_, 2; ($name => $value // '') } @pairs;

my $requests = 0;
{
  no warnings 'redefine';
  # The harvester sends through LWP's request (HTTP::OAI::UserAgent calls it as SUPER::request).
  my $request = \&LWP::UserAgent::request;
  *LWP::UserAgent::request = sub { $requests++; return $request->(@_) };
}

my $harvester = HTTP::OAI::Harvester->new(baseURL => $base_url);
my @items;
my %list = (
  onRecord => sub { push @items, $_[0] },
  handlers => { metadata => 'HTTP::OAI::Metadata::OAI_DC' },
);

my $response;
if ($verb =~ /^(?:ListRecords|ListIdentifiers|ListSets)$/) {
  $response = $harvester->$verb(%args, %list);
} elsif ($verb =~ /^(?:GetRecord|Identify|ListMetadataFormats)$/) {
  $response = $harvester->$verb(%args, $verb eq 'GetRecord' ? (handlers => $list{handlers}) : ());
} else {
  # A verb the protocol does not have: the library has no method to send it nor a class to read
  # the answer into, so it gets an empty class and the library's own request, forced.
  die "not a verb name: $verb\n" unless $verb =~ /^[A-Za-z]+$/;
  { no strict 'refs'; @{"HTTP::OAI::${verb}::ISA"} = ('HTTP::OAI::Verb') }
  $response = $harvester->_oai(%args, verb => $verb, force => 1);
}

sub header_of {
  my ($header) = @_;
  return { identifier => $header->identifier, datestamp => $header->datestamp, setSpecs => [$header->setSpec] };
}

sub record_of {
  my ($record) = @_;
  my $metadata = $record->metadata;
  return { %{ header_of($record->header) }, dc => $metadata ? $metadata->dc : undef };
}

my %result = (
  httpCode => $response->code,
  isError => $response->is_error ? JSON::PP::true : JSON::PP::false,
  message => $response->message,
  # A response the library could not read as OAI-PMH is a plain HTTP::Response, with no errors() of its own.
  errors => [$response->can('errors') ? map { { code => $_->code, message => $_->message } } $response->errors : ()],
  requests => $requests,
);

if ($verb eq 'Identify' && $response->is_success) {
  $result{identify} = {
    map({ ($_ => scalar $response->$_) } qw(repositoryName baseURL protocolVersion earliestDatestamp deletedRecord granularity)),
    adminEmails => [$response->adminEmail],
    descriptions => [map { $_->dom->toString } $response->description],
  };
}
if ($verb eq 'ListMetadataFormats' && $response->is_success) {
  my @formats;
  while (my $format = $response->next) {
    push @formats, { metadataPrefix => $format->metadataPrefix, schema => $format->schema, metadataNamespace => $format->metadataNamespace };
  }
  $result{formats} = \@formats;
}
if ($verb eq 'ListSets') {
  $result{sets} = [map { { setSpec => $_->setSpec, setName => $_->setName } } @items];
}
if ($verb eq 'ListIdentifiers') {
  $result{headers} = [map { header_of($_) } @items];
}
if ($verb eq 'ListRecords') {
  $result{records} = [map { record_of($_) } @items];
}
if ($verb eq 'GetRecord' && $response->is_success) {
  my @records;
  while (my $record = $response->next) { push @records, record_of($record) }
  $result{records} = \@records;
}

print JSON::PP->new->canonical->utf8->encode(\%result), "\n";
